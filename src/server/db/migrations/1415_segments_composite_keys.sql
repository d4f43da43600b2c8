-- Segments keyed by workspace (issue 35, as 1400 did for reports): a segment's members, history and count
-- point at it by (workspace_id, segment_id), so the database keeps them in the segment's workspace and Citus
-- can shard them. Look-ups by segment keep their index: under RLS every query also filters workspace_id.
-- The members' and history's references to contacts become composite with the contacts migration.
alter table segment_members drop constraint segment_members_segment_id_fkey;
alter table segment_history drop constraint segment_history_segment_id_fkey;
alter table segment_counts drop constraint segment_counts_segment_id_fkey;

alter table segments drop constraint segments_pkey, add constraint segments_pkey primary key (workspace_id, id);
alter table segment_members drop constraint segment_members_pkey,
  add constraint segment_members_pkey primary key (workspace_id, segment_id, contact_id);
alter table segment_history drop constraint segment_history_pkey,
  add constraint segment_history_pkey primary key (workspace_id, id);
alter table segment_counts drop constraint segment_counts_pkey,
  add constraint segment_counts_pkey primary key (workspace_id, segment_id);

-- The new primary key leads with (workspace_id, id): the list index adds nothing any more.
drop index segments_list_idx;
-- A segment's history page and the foreign key's cascade both start from (workspace_id, segment_id).
drop index segment_history_segment_idx;
create index segment_history_segment_idx on segment_history (workspace_id, segment_id, at desc, id desc);

alter table segment_members add constraint segment_members_segment_id_fkey foreign key (workspace_id, segment_id)
  references segments (workspace_id, id) on delete cascade;
alter table segment_history add constraint segment_history_segment_id_fkey foreign key (workspace_id, segment_id)
  references segments (workspace_id, id) on delete cascade;
alter table segment_counts add constraint segment_counts_segment_id_fkey foreign key (workspace_id, segment_id)
  references segments (workspace_id, id) on delete cascade;

-- The count rows are keyed by (workspace_id, segment_id) now: the triggers name and join on both.
create or replace function app_segment_count_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into segment_counts as sc (workspace_id, segment_id, member_count)
    select workspace_id, segment_id, count(*) from new_rows group by workspace_id, segment_id
    on conflict (workspace_id, segment_id) do update set member_count = sc.member_count + excluded.member_count;
  else
    update segment_counts sc set member_count = sc.member_count - d.n
    from (select workspace_id, segment_id, count(*) as n from old_rows group by workspace_id, segment_id) d
    where sc.workspace_id = d.workspace_id and sc.segment_id = d.segment_id;
  end if;
  return null;
end $$;
