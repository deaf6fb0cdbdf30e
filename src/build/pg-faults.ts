import pg from 'pg';

/**
 * Ends every other connection to the database `url` names, as a failover or an
 * administrator would (SQLSTATE 57P01 on each). Returns how many were ended.
 */
export async function terminateBackends(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ ended: number }>(
      'select count(*) filter (where pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return result.rows[0]?.ended ?? 0;
  } finally {
    await client.end();
  }
}
