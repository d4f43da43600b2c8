-- Issue 30 §4: sign-up never says whether an email is registered. A new email's sign-up is kept here
-- until the link mailed to that address is opened; only then do the account and workspace exist. The
-- token is stored as its sha-256 only; the password only as its argon2 hash. Single use, 24 hours.
-- Not one workspace's (no workspace exists yet), so no workspace_id, as users and password reset tokens.
create table pending_sign_ups (
  token_hash text primary key,
  email citext not null,
  password_hash text not null,
  first_name text not null,
  last_name text not null,
  business_name text not null default '',
  locale text,
  plan text check (plan in ('starter', 'professional', 'enterprise')),
  addons text[] not null default '{}',
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index pending_sign_ups_expires_idx on pending_sign_ups (expires_at);

-- The product's own mail (sign-up links, notices, password resets) when no mail transport is set
-- (SMTP_URL unset, as `npm start` on a fresh machine): kept here as well as written to the log, so a
-- local user can read it (`npm run mail:outbox`) and the tests open its links as a user would. With
-- SMTP_URL set nothing is written here. Rows older than a day are removed as new ones arrive.
create table mail_outbox (
  id bigint generated always as identity primary key,
  to_email citext not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index mail_outbox_to_idx on mail_outbox (to_email, id desc);
create index mail_outbox_created_idx on mail_outbox (created_at);
