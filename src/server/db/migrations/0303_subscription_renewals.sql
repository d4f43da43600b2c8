-- Renewal invoices name the provider subscription; this finds the order (and so the workspace) it renews.
alter table checkout_orders add column provider_subscription_id text;
create index checkout_orders_subscription_idx on checkout_orders (provider_subscription_id)
  where provider_subscription_id is not null;
