-- Import jobs keyed by workspace (issue 35, as 1400 did for reports): a job's file chunks and row errors
-- point at it by (workspace_id, job_id), so the database keeps them in the job's workspace.
alter table import_file_chunks drop constraint import_file_chunks_job_id_fkey;
alter table import_row_errors drop constraint import_row_errors_job_id_fkey;
alter table import_jobs drop constraint import_jobs_pkey,
  add constraint import_jobs_pkey primary key (workspace_id, id);
alter table import_file_chunks add constraint import_file_chunks_job_id_fkey foreign key (workspace_id, job_id)
  references import_jobs (workspace_id, id) on delete cascade;
alter table import_row_errors add constraint import_row_errors_job_id_fkey foreign key (workspace_id, job_id)
  references import_jobs (workspace_id, id) on delete cascade;
