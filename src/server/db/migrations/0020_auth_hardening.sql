-- Throttles for sign-in, sign-up and password-reset requests: one counter per key (an account and IP,
-- an account, an IP). A request reserves its hit with one upsert before any password is checked, so
-- concurrent guesses queue on the row lock instead of all reading the same old count.
create table auth_throttles (
  key text primary key,
  hits integer not null,
  last_hit_at timestamptz not null default now(),
  window_ends_at timestamptz not null
);

-- Password reset links: only the sha-256 of the token is stored; single use, short-lived.
create table password_reset_tokens (
  token_hash text primary key,
  user_id bigint not null references users(id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id, created_at desc);

-- Replaced by auth_throttles: counting rows after the fact let concurrent guesses through.
drop table login_attempts;
