-- A segment's build is now one statement over all of the workspace's contacts (segments' store.ts,
-- buildMembership), committed whole: no batches of contacts, so no cursor to resume from.
alter table segments drop column build_after;
