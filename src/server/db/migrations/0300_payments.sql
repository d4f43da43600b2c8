-- Payments: checkout orders (platform ledger), provider event log (idempotency), workspace payments.

-- A checkout order is the platform's record of one checkout session, created before anyone pays.
-- It is a platform table, not tenant data: visitors who are not signed in start checkouts from the
-- public calculators, so an order may belong to no workspace (see docs/decisions/0003-checkout-ownership.md).
-- The server reads it by its unguessable id only; no endpoint lists orders.
create table checkout_orders (
  id text primary key,
  provider text not null check (provider in ('stripe', 'offline')),
  provider_session_id text unique,
  kind text not null check (kind in ('card_product', 'local_business', 'reoss')),
  selection jsonb not null,
  lines jsonb not null,
  recurring_cents bigint not null check (recurring_cents >= 0),
  one_time_cents bigint not null check (one_time_cents >= 0),
  buyer_workspace_id bigint references workspaces(id) on delete set null,
  buyer_user_id bigint references users(id) on delete set null,
  status text not null default 'open' check (status in ('open', 'completed', 'expired')),
  customer_email citext,
  created_at timestamptz not null default now(),
  completed_at timestamptz
);
create index checkout_orders_buyer_idx on checkout_orders (buyer_workspace_id, created_at desc);

-- Every provider event handled once: a replayed webhook finds its id here and changes nothing.
create table payment_events (
  id text primary key,
  provider text not null,
  type text not null,
  received_at timestamptz not null default now()
);

-- A payment received by a workspace; the source of every revenue figure in the product.
create table payments (
  id bigint generated always as identity primary key,
  workspace_id bigint not null default app_current_workspace() references workspaces(id) on delete cascade,
  order_id text references checkout_orders(id) on delete set null,
  description text not null,
  amount_cents bigint not null check (amount_cents >= 0),
  recurring_cents bigint not null default 0 check (recurring_cents >= 0),
  one_time_cents bigint not null default 0 check (one_time_cents >= 0),
  provider text not null,
  provider_reference text,
  customer_email citext,
  paid_at timestamptz not null default now(),
  check (amount_cents = recurring_cents + one_time_cents)
);
create unique index payments_order_idx on payments (workspace_id, order_id);
create index payments_workspace_paid_idx on payments (workspace_id, paid_at desc);
select app_enable_tenant_rls('payments');
