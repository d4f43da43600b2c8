import pg from 'pg';

/** What the failing insert raises: a test checks it never reaches the API. */
export const internalDetail = 'internal detail: shard 7 offline';

/**
 * Runs `fn` while every insert into `table` for one workspace fails with a real database error: a trigger
 * scoped to that workspace, so the other files sharing the database are untouched. Removed afterwards.
 */
export async function withFailingInserts<T>(
  ownerUrl: string,
  table: string,
  workspaceId: number,
  fn: () => Promise<T>,
): Promise<T> {
  const db = new pg.Client({ connectionString: ownerUrl });
  await db.connect();
  const name = `failing_${table}_${workspaceId}`;
  try {
    await db.query(`
      create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.workspace_id = ${workspaceId} then raise exception '${internalDetail}'; end if;
        return new;
      end $$;
      create trigger ${name} before insert on ${table} for each row execute function ${name}();`);
    return await fn();
  } finally {
    await db.query(`drop trigger if exists ${name} on ${table}; drop function if exists ${name}();`);
    await db.end();
  }
}
