-- Ordered delivery per entity (issue 33, part 4): an endpoint that asks for it gets the deliveries of one
-- entity (the event's `data.id`) strictly one after another; other entities still go out side by side.

alter table ops_endpoints add column ordered boolean not null default false;

-- The entity a delivery is about, set only for an ordered endpoint (null: no order to keep).
alter table ops_deliveries add column ordering_key text check (length(ordering_key) <= 200);

-- A claim asks whether an earlier delivery of the same entity is still unfinished; a finish asks which is next.
create index ops_deliveries_ordering_idx on ops_deliveries (endpoint_id, ordering_key, id)
  where ordering_key is not null and status in ('pending', 'sending');
