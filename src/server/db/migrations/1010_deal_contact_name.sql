-- Each deal keeps its contact's display name. The board shows it on up to 300 cards a request, and
-- looking each one up was a quarter of the board's statement (bench/deals). Triggers keep it: a deal
-- written with a contact takes the contact's name, and a contact whose name, email or phone changes
-- passes the new name to its deals (which touches their updated_at, as any write of the row does).
create function app_contact_display_name(first_name text, last_name text, email text, phone text)
  returns text language sql immutable as $$
  select coalesce(nullif(btrim(first_name || ' ' || last_name), ''), email, phone, '')
$$;

alter table deals add column contact_name text not null default '';

create function app_deal_contact_name() returns trigger language plpgsql as $$
begin
  new.contact_name := coalesce((
    select app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone)
    from contacts c where c.id = new.contact_id), '');
  return new;
end $$;
create trigger deals_contact_name before insert or update of contact_id on deals
  for each row execute function app_deal_contact_name();

create function app_contact_names_to_deals() returns trigger language plpgsql as $$
begin
  update deals set contact_name = app_contact_display_name(new.first_name, new.last_name, new.email::text, new.phone)
  where contact_id = new.id;
  return null;
end $$;
create trigger contacts_deal_names after update of first_name, last_name, email, phone on contacts
  for each row when (old.first_name is distinct from new.first_name or old.last_name is distinct from new.last_name
    or old.email is distinct from new.email or old.phone is distinct from new.phone)
  execute function app_contact_names_to_deals();

update deals d set contact_name = app_contact_display_name(c.first_name, c.last_name, c.email::text, c.phone)
from contacts c where c.id = d.contact_id;

-- The view's * was expanded when it was made: made again, it has the new column.
create or replace view deals_in_workspace as
  select * from deals where workspace_id = app_current_workspace()
  with local check option;
