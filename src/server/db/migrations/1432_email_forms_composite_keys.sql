-- Mailboxes, their processing jobs and conversations, and lead forms with their A/B tests and submissions
-- keyed by workspace (issue 35, as 1400 did for reports). Foreign keys pointing at them pair workspace_id on
-- both sides with their old ON DELETE behaviour (SET NULL names the reference column only); unique keys the
-- stores name in ON CONFLICT gain workspace_id first. forms.key is unique per workspace since 1440 (the
-- public_tokens directory keeps it unique across workspaces).
alter table email_mailbox_cursors drop constraint email_mailbox_cursors_account_id_fkey;
alter table email_processing_jobs drop constraint email_processing_jobs_account_id_fkey;
alter table email_conversations drop constraint email_conversations_job_id_fkey;
alter table form_ab_tests drop constraint form_ab_tests_form_id_fkey;
alter table form_daily_stats drop constraint form_daily_stats_form_id_fkey;
alter table form_submissions drop constraint form_submissions_form_id_fkey,
  drop constraint form_submissions_ab_test_id_fkey;
alter table form_ab_views drop constraint form_ab_views_test_id_fkey;

alter table email_accounts drop constraint email_accounts_pkey,
  add constraint email_accounts_pkey primary key (workspace_id, id);
alter table email_mailbox_cursors drop constraint email_mailbox_cursors_pkey,
  add constraint email_mailbox_cursors_pkey primary key (workspace_id, account_id, mailbox);
drop index email_mailbox_cursors_workspace_idx;
alter table email_processing_jobs drop constraint email_processing_jobs_pkey,
  add constraint email_processing_jobs_pkey primary key (workspace_id, id);
alter table email_conversations drop constraint email_conversations_pkey,
  add constraint email_conversations_pkey primary key (workspace_id, id);
drop index email_conversations_job_uq;
create unique index email_conversations_job_uq on email_conversations (workspace_id, job_id);
alter table forms drop constraint forms_pkey, add constraint forms_pkey primary key (workspace_id, id);
alter table form_ab_tests drop constraint form_ab_tests_pkey,
  add constraint form_ab_tests_pkey primary key (workspace_id, id),
  drop constraint form_ab_tests_form_id_key,
  add constraint form_ab_tests_form_id_key unique (workspace_id, form_id);
drop index form_ab_tests_workspace_fk;
alter table form_submissions drop constraint form_submissions_pkey,
  add constraint form_submissions_pkey primary key (workspace_id, id);

alter table email_mailbox_cursors add constraint email_mailbox_cursors_account_id_fkey
  foreign key (workspace_id, account_id) references email_accounts (workspace_id, id) on delete cascade;
alter table email_processing_jobs add constraint email_processing_jobs_account_id_fkey
  foreign key (workspace_id, account_id) references email_accounts (workspace_id, id) on delete set null (account_id);
alter table email_conversations add constraint email_conversations_job_id_fkey
  foreign key (workspace_id, job_id) references email_processing_jobs (workspace_id, id) on delete cascade;
alter table form_ab_tests add constraint form_ab_tests_form_id_fkey
  foreign key (workspace_id, form_id) references forms (workspace_id, id) on delete cascade;
alter table form_daily_stats add constraint form_daily_stats_form_id_fkey
  foreign key (workspace_id, form_id) references forms (workspace_id, id) on delete cascade;
drop index form_daily_stats_form_fk;
alter table form_submissions add constraint form_submissions_form_id_fkey
  foreign key (workspace_id, form_id) references forms (workspace_id, id) on delete cascade,
  add constraint form_submissions_ab_test_id_fkey
  foreign key (workspace_id, ab_test_id) references form_ab_tests (workspace_id, id) on delete set null (ab_test_id);
drop index form_submissions_ab_test_fk;
create index form_submissions_ab_test_fk on form_submissions (workspace_id, ab_test_id, ab_variant)
  where ab_test_id is not null;
alter table form_ab_views add constraint form_ab_views_test_id_fkey
  foreign key (workspace_id, test_id) references form_ab_tests (workspace_id, id) on delete cascade;
drop index form_ab_views_test_fk;
