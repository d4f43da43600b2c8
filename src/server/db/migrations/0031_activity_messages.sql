-- An activity line's catalogued message (src/domain/messages.ts) and its values, so each reader sees it in
-- their own language; `description` keeps the English text (older lines have only that).
alter table activities add column message_id text, add column message_values jsonb;
