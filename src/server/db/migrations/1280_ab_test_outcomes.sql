-- A/B tests judged on outcomes (issue 33 §5): the test's settings gain the outcome (goal, form, deal,
-- payment), the attribution window and the target confidence (in campaigns.ab_test, defaults filled on
-- read); the decision records why the test stopped. ab_confidence now holds the always-valid confidence
-- of the latest look (the running maximum), set at every look, not only at the decision.
alter table campaigns
  add column ab_stop_reason text check (ab_stop_reason in ('confidence', 'max_sample'));

-- A payment counts for the recipient whose address paid (payments name no contact).
create index payments_customer_email_idx on payments (workspace_id, customer_email, paid_at)
  where customer_email is not null;

-- When the test last looked: the figures shown are those of that look (each look counts the recipients
-- whose window had closed by then), so what the screen shows is what the decision saw.
alter table campaigns add column ab_looked_at timestamptz;
