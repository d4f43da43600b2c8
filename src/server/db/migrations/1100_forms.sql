-- Lead forms (issue 32 §1): the forms a workspace builds, every submission with the consent text the
-- visitor read, and per-day counts of views, submissions and refused submissions by reason.

create table forms (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  -- The public name of the form in its hosted page's address and the embed snippet: it reveals no ids.
  key text not null unique default encode(gen_random_bytes(12), 'hex'),
  name text not null check (btrim(name) <> '' and length(name) <= 200),
  locale text not null,
  -- The site whose contacts the form brings (their source); null: the site it is embedded on, if any.
  website_id integer,
  -- [{ key, label, type, required, target, property?, options? }], checked by the API's schema.
  fields jsonb not null check (jsonb_typeof(fields) = 'array'),
  -- { text, required } or null (no consent checkbox).
  consent jsonb,
  -- What visitors read besides the labels, in the form's language: { submit, thankYou, required, invalid, failed }.
  texts jsonb not null,
  redirect_url text check (length(redirect_url) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete set null (website_id)
);
create index forms_workspace_idx on forms (workspace_id, updated_at desc, id desc);
select app_enable_tenant_rls('forms');
create trigger forms_touch before update on forms for each row execute function app_touch_updated_at();

create table form_submissions (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  form_id bigint not null references forms(id) on delete cascade,
  contact_id bigint references contacts(id) on delete set null,
  -- [{ key, label, value }]: the labels as the visitor read them, so a later edit of the form changes no answer.
  answers jsonb not null check (jsonb_typeof(answers) = 'array'),
  -- The consent text exactly as shown, and whether the box was ticked; null when the form had none.
  consent_text text,
  consent_given boolean,
  -- The workspace website the form was embedded on (null on the hosted page), and the page's address.
  website_id integer,
  page_url text check (length(page_url) <= 2048),
  submitted_at timestamptz not null default now(),
  check ((consent_text is null) = (consent_given is null)),
  foreign key (workspace_id, website_id) references websites (workspace_id, id) on delete set null (website_id)
);
create index form_submissions_form_idx on form_submissions (workspace_id, form_id, submitted_at desc, id desc);
create index form_submissions_contact_idx on form_submissions (contact_id) where contact_id is not null;
select app_enable_tenant_rls('form_submissions');

-- Counts per form and UTC day (submissions are counted from their rows). Refused submissions are counted
-- here and nowhere else: no contact, no row.
create table form_daily_stats (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  form_id bigint not null references forms(id) on delete cascade,
  day date not null,
  views integer not null default 0,
  refused_honeypot integer not null default 0,
  refused_too_fast integer not null default 0,
  refused_rate_limited integer not null default 0,
  refused_invalid integer not null default 0,
  primary key (workspace_id, form_id, day)
);
create index form_daily_stats_form_fk on form_daily_stats (form_id);
select app_enable_tenant_rls('form_daily_stats');

-- The public routes know only the key: this gives the ids, and nothing else, before a workspace is open.
create or replace function app_form_lookup(form_key text)
  returns table (workspace_id bigint, form_id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from forms where key = form_key
$$;
