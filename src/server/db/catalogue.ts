/**
 * Every table of the database, classified once for scaling out on Citus (ADR 0009):
 * - `distributed`: tenant data, sharded by `workspace_id`; every request's queries stay in one workspace.
 * - `reference`: the same for everyone, replicated to every node.
 * - `coordinatorLocal`: looked up before a workspace is known (sign-in, session, invite, checkout) or
 *   relying on single-node locks; it stays on the coordinator and is reached through the SECURITY
 *   DEFINER look-ups, which return only ids.
 * `catalogue.api.test.ts` checks the migrated database against it (checkCatalogue in catalogue-check.ts),
 * so a new table must be added here, and `npm run db:distribute` turns it into the distribution plan.
 */
export type TableClass = 'distributed' | 'reference' | 'coordinatorLocal';

/** The distribution column of every distributed table. */
export const distributionColumn = 'workspace_id';

export const distributedTables = [
  'activities',
  'analytics_daily',
  'analytics_dirty_days',
  // Partitioned by month; Citus distributes its partitions with it.
  'analytics_events',
  'analytics_settings',
  'analytics_visitor_contacts',
  'api_keys',
  'automation_settings',
  'backup_restores',
  'backups',
  'campaigns',
  'companies',
  'contact_daily_rollups',
  'contact_engagement',
  'contact_merges',
  'contact_stats',
  'contact_timeline',
  'contacts',
  'content_items',
  'content_wordpress',
  'cross_sales_plan_items',
  'cross_sales_targets',
  'dashboard_homes',
  'dashboard_tiles',
  'dashboards',
  'deal_segment_totals',
  'deal_stage_settings',
  'deal_stage_totals',
  'deal_timeline',
  'deals',
  'duplicate_scans',
  'duplicate_settings',
  'duplicate_suggestions',
  'ecosystem_app_dependencies',
  'ecosystem_apps',
  'ecosystem_collection_results',
  'ecosystem_collection_runs',
  'ecosystem_endpoints',
  'email_accounts',
  'email_conversations',
  'email_mailbox_cursors',
  'email_processing_jobs',
  'form_ab_tests',
  'form_ab_views',
  'form_daily_stats',
  'form_submissions',
  'forms',
  'geofence_alerts',
  'import_file_chunks',
  'import_jobs',
  'import_row_errors',
  'invites',
  'link_fix_deployments',
  'marketing_messages',
  'marketing_suppressions',
  'member_locations',
  'memberships',
  'ops_app_state',
  'ops_deliveries',
  'ops_delivery_attempts',
  'ops_endpoints',
  'ops_events',
  'ops_features',
  'ops_heartbeats',
  'ops_holds',
  'ops_incident_events',
  'ops_incidents',
  'ops_maintenance_windows',
  'ops_monitors',
  'ops_status_pages',
  'ops_triggers',
  'ops_uptime_buckets',
  'payments',
  'phone_sync_records',
  'phone_sync_tokens',
  'products',
  'report_schedule_recipients',
  'report_schedules',
  'report_sends',
  'reports',
  'search_console_connections',
  'search_console_ranks',
  'search_console_sites',
  'segment_counts',
  'segment_history',
  'segment_members',
  'segments',
  'site_crawls',
  'site_health_settings',
  'site_links',
  'site_urls',
  'subscriptions',
  'succession_plans',
  'task_comments',
  'tasks',
  'websites',
  'workflow_run_steps',
  'workflow_runs',
  'workflow_versions',
  'workflows',
] as const;

/** Table → why it is the same for every workspace. */
export const referenceTables: Record<string, string> = {
  analytics_salts:
    "the day's visitor-hash salt, one row a day for every workspace; every node's ingest reads it",
};

/** Table → why it stays on the coordinator, and the look-ups that reach it from workspace work. */
export const coordinatorLocalTables: Record<string, { why: string; lookUps: string[] }> = {
  users: {
    why: 'a person signs in before any workspace is known; one user belongs to many workspaces',
    lookUps: ['app_session_lookup', 'app_user_workspaces'],
  },
  sessions: { why: 'read on every request before its workspace is known', lookUps: ['app_session_lookup'] },
  workspaces: {
    why: "the tenants themselves: the session's workspace list, plans and holds are read across them",
    lookUps: ['app_user_workspaces', 'app_all_workspace_ids', 'app_held_workspaces', 'app_demo_workspace_id'],
  },
  user_profile_images: { why: "a user's own picture, shown in every workspace they belong to", lookUps: [] },
  pending_sign_ups: { why: 'a sign-up waiting for its confirmation mail has no workspace yet', lookUps: [] },
  password_reset_tokens: { why: "a user's reset link, before sign-in", lookUps: [] },
  auth_throttles: { why: 'sign-in backoff per address and account, before any workspace', lookUps: [] },
  mail_outbox: { why: 'platform mail (sign-up, reset, invites) sent by one queue', lookUps: [] },
  checkout_orders: {
    why: 'a package bought on the public shop may create its workspace afterwards',
    lookUps: [],
  },
  payment_events: {
    why: "the payment provider's webhook ids, deduplicated before a workspace is known",
    lookUps: [],
  },
  schema_migrations: { why: 'the migration runner’s bookkeeping', lookUps: [] },
  public_tokens: {
    why: 'a public token (API key, form, tracker, email, status page, invite, phone sync) is unique across workspaces and names its workspace before one is known (ADR 0015)',
    lookUps: [
      'app_public_token_workspace',
      'app_api_key_use',
      'app_form_lookup',
      'app_analytics_site_lookup',
      'app_marketing_message_workspace',
      'app_status_page_workspace',
      'app_invite_workspace',
      'app_phone_sync_token',
      'app_public_tokens_claim',
      'app_public_tokens_release',
    ],
  },
};

/**
 * The trigger functions a distributed table may run, and why each stays inside the row's workspace. On Citus a
 * trigger runs on the row's shard (`citus.enable_unsafe_triggers`, set by the distribution plan), so it may
 * read and write only its own row and rows of the same workspace in co-located tables, never a coordinator-local
 * table: `checkCatalogue` reports a trigger of any other function. What must reach the coordinator (the public
 * tokens directory, the workspace's copy of its plan) is written by the stores instead.
 */
export const shardLocalTriggerFunctions: Record<string, string> = {
  app_touch_updated_at: 'sets the row’s own updated_at',
  app_number_website: 'numbers a website after the others of its workspace',
  app_contact_stats_apply: 'adds a statement’s contacts to their workspace’s counters',
  app_contact_rollups_apply: 'adds a statement’s contacts to their workspace’s daily roll-ups',
  app_contact_rollups_clear: 'empties the roll-ups when contacts are truncated',
  app_contact_capacity_check: 'sums the workspace’s own counters against the plan limit the request set',
  app_contact_engagement_apply: 'adds timeline entries to their contact’s engagement',
  app_contact_names_to_deals: 'copies a renamed contact to the deals of its workspace',
  app_deal_contact_name: 'copies the deal’s contact name from the same workspace',
  app_deal_totals_apply: 'adds deals to their workspace’s stage and segment totals',
  app_segment_count_apply: 'counts a segment’s members in the segment’s workspace',
  app_ops_app_added: 'gives a new app its state, endpoint and monitor rows in the same workspace',
};

/**
 * Schemas whose every table stays on the coordinator: pg-boss relies on `SKIP LOCKED` row locks and advisory
 * locks on one node (ADR 0009), and creates its tables itself.
 */
export const coordinatorLocalSchemas = ['pgboss'] as const;
