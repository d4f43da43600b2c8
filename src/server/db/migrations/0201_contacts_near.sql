-- Nearby contacts through the gist index on ll_to_earth(latitude, longitude).
--
-- Under row-level security PostgreSQL evaluates the tenant policy before any non-leakproof
-- operator, so the cube containment (@>) that drives the gist index cannot become an index
-- condition for the runtime role: the planner falls back to a sequential scan (measured: 2.1 s
-- over 200,000 contacts). This function runs as its owner, which bypasses RLS, and applies the
-- tenant filter itself, workspace_id = app_current_workspace(), the same rule the policy enforces.
create or replace function app_contacts_near(lat double precision, lon double precision, radius_m double precision, max_rows integer)
  returns table (
    id bigint,
    first_name text,
    last_name text,
    email text,
    company text,
    contact_type text,
    last_known_location text,
    distance_m double precision
  )
  language sql stable security definer set search_path = public as $$
  select c.id, c.first_name, c.last_name, c.email::text, c.company, c.contact_type,
    nullif(concat_ws(', ', nullif(btrim(c.address), ''), nullif(btrim(c.city), ''),
      nullif(btrim(concat_ws(' ', c.state, c.zip)), '')), ''),
    earth_distance(ll_to_earth(lat, lon), ll_to_earth(c.latitude, c.longitude))
  from contacts c
  where c.workspace_id = app_current_workspace()
    and c.latitude is not null
    and earth_box(ll_to_earth(lat, lon), radius_m) @> ll_to_earth(c.latitude, c.longitude)
    and earth_distance(ll_to_earth(lat, lon), ll_to_earth(c.latitude, c.longitude)) <= radius_m
  order by 8, c.id
  limit max_rows
$$;
revoke all on function app_contacts_near(double precision, double precision, double precision, integer) from public;
grant execute on function app_contacts_near(double precision, double precision, double precision, integer) to hub_app;
