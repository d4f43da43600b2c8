-- A/B tests of campaigns (issue 16 §2): the variants and the test's settings on the campaign, the
-- decision (winner, confidence) once made. Every recipient is fixed when sending starts, as one
-- marketing_messages row (the idempotency key of sending): the test share's rows carry their variant,
-- the rest wait as 'held' until the winner is decided, then take its text and are queued.

alter table campaigns
  -- {variants: [{subject, body}], testPercent, waitHours, metric}; null when the campaign is no A/B test.
  add column ab_test jsonb,
  add column ab_decides_at timestamptz,
  add column ab_decided_at timestamptz,
  add column ab_winner integer,
  add column ab_confidence double precision;
create index campaigns_ab_due_idx on campaigns (ab_decides_at) where ab_decided_at is null and ab_decides_at is not null;

alter table marketing_messages add column variant integer;
alter table marketing_messages drop constraint marketing_messages_status_check;
alter table marketing_messages add constraint marketing_messages_status_check
  check (status in ('queued', 'held', 'sending', 'sent', 'offline', 'failed'));

-- The minute sweep decides A/B tests whose wait is over (a safety net under each test's scheduled job).
create or replace function app_due_ab_tests(at timestamptz)
  returns table (workspace_id bigint, id bigint)
  language sql stable security definer set search_path = public as $$
  select workspace_id, id from campaigns
  where ab_decided_at is null and ab_decides_at <= at and status in ('sending', 'paused') order by id
$$;
