import type pg from 'pg';

/**
 * A row in each table migration 1431 and 1432 re-key that the populated workspaces leave empty: a workflow
 * with a version, a run and a step, a campaign with a message tied to that run, a mailbox with a cursor, a
 * processing job and its conversation, and a form with an A/B test, a view count, a day's stats and a
 * submission of the test's first variant.
 */
export async function seedAutomationTables(client: pg.Client, workspaces: number[]) {
  for (const ws of workspaces) {
    await client.query(
      `with w as (insert into workflows (workspace_id, name, trigger_type) values ($1::bigint, 'Welcome', 'contact_created')
          returning id),
        v as (insert into workflow_versions (workspace_id, workflow_id, version, definition)
          select $1::bigint, id, 1, '{}' from w returning id, workflow_id),
        r as (insert into workflow_runs (workspace_id, workflow_id, version_id, trigger_key, started_at, status)
          select $1::bigint, workflow_id, id, 'seed', now(), 'completed' from v returning id),
        s as (insert into workflow_run_steps (workspace_id, run_id, path, step_type, status, finished_at)
          select $1::bigint, id, '0', 'send_email', 'completed', now() from r returning id),
        c as (insert into campaigns (workspace_id, name, subject, body) values ($1::bigint, 'News', 'Hello', 'Body')
          returning id)
       insert into marketing_messages (workspace_id, campaign_id, run_id, idempotency_key, to_email, subject, body, token)
         select $1::bigint, c.id, r.id, 'seed-' || $1::text, 'reader' || $1::text || '@example.com', 'Hello', 'Body', 'seed-token-' || $1::text
         from c, r`,
      [ws],
    );
    await client.query(
      `with a as (insert into email_accounts (workspace_id, provider, email, imap_host, imap_port, imap_secure,
            smtp_host, smtp_port, sealed_password)
          values ($1::bigint, 'gmail', 'box' || $1::text || '@example.com', 'imap.example.com', 993, true, 'smtp.example.com', 465, 'x')
          returning id),
        m as (insert into email_mailbox_cursors (workspace_id, account_id, mailbox, uid_validity)
          select $1::bigint, id, 'INBOX', 1 from a returning account_id),
        j as (insert into email_processing_jobs (workspace_id, account_id, message_id, origin, from_email, to_email,
            direction, received_at)
          select $1::bigint, id, '<seed-' || $1::text || '@example.com>', 'imap', 'a@example.com', 'b@example.com', 'inbound', now()
          from a returning id)
       insert into email_conversations (workspace_id, job_id, direction, from_email, to_email, received_at)
         select $1::bigint, id, 'inbound', 'a@example.com', 'b@example.com', now() from j`,
      [ws],
    );
    await client.query(
      `with f as (insert into forms (workspace_id, name, locale, fields, texts)
          values ($1::bigint, 'Contact us', 'en', '[]', '{}') returning id),
        t as (insert into form_ab_tests (workspace_id, form_id, variants, target_confidence, max_views_per_variant)
          select $1::bigint, id, '[{}, {}]', 0.95, 100 from f returning id, form_id),
        views as (insert into form_ab_views (workspace_id, test_id, variant) select $1::bigint, id, 0 from t),
        stats as (insert into form_daily_stats (workspace_id, form_id, day) select $1::bigint, form_id, current_date from t)
       insert into form_submissions (workspace_id, form_id, answers, ab_test_id, ab_variant)
         select $1::bigint, form_id, '[]', id, 0 from t`,
      [ws],
    );
  }
}
