-- A/B tests of forms' hosted pages (issue 33 §5): the variants of the page's headline, intro and button,
-- each variant's views, and each submission's variant, so a sequential test can judge them on the outcome.

create table form_ab_tests (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  -- One test per form at a time; setting a new one replaces it (and starts its figures afresh).
  form_id bigint not null unique references forms(id) on delete cascade,
  -- [{ headline, intro, submitLabel }], checked by the API's schema.
  variants jsonb not null check (jsonb_typeof(variants) = 'array' and jsonb_array_length(variants) between 2 and 5),
  target_confidence double precision not null check (target_confidence between 0.8 and 0.99),
  max_views_per_variant integer not null check (max_views_per_variant > 0),
  started_at timestamptz not null default now(),
  -- The running minimum of the always-valid p-value over the looks so far (null before the first).
  best_p double precision,
  -- Once stopped, the variant served to everyone and why.
  winner smallint,
  stop_reason text check (stop_reason in ('confidence', 'max_sample')),
  stopped_at timestamptz,
  check ((winner is null) = (stop_reason is null) and (winner is null) = (stopped_at is null))
);
create index form_ab_tests_workspace_fk on form_ab_tests (workspace_id);
select app_enable_tenant_rls('form_ab_tests');

-- Views of each variant (group-committed like the form's daily views); submissions are counted from their rows.
create table form_ab_views (
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  test_id bigint not null references form_ab_tests(id) on delete cascade,
  variant smallint not null,
  views integer not null default 0,
  primary key (workspace_id, test_id, variant)
);
create index form_ab_views_test_fk on form_ab_views (test_id);
select app_enable_tenant_rls('form_ab_views');

-- The variant the visitor saw when they sent the form (signed into the render token); counted only
-- while its test is the form's (a replaced or removed test leaves the variant without a test).
alter table form_submissions
  add column ab_test_id bigint references form_ab_tests(id) on delete set null,
  add column ab_variant smallint;
create index form_submissions_ab_test_fk on form_submissions (ab_test_id, ab_variant) where ab_test_id is not null;
