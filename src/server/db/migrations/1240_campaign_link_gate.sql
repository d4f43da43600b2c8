-- The pre-send gate (issue 33 §2): a campaign whose links answer 4xx/5xx when it is about to send is
-- 'held' instead, with the failing links named, until a check passes or an owner overrides the hold.
alter table campaigns drop constraint campaigns_status_check;
alter table campaigns add constraint campaigns_status_check
  check (status in ('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled', 'held'));
alter table campaigns
  -- [{url, status, error}] of the last check that found failing links; null before any did.
  add column link_failures jsonb,
  add column links_checked_at timestamptz,
  -- The owner who sent it despite failing links, and when: the gate does not stop it again.
  add column link_override_by bigint references users(id) on delete set null,
  add column link_override_at timestamptz;
create index campaigns_held_idx on campaigns (workspace_id) where status = 'held';
