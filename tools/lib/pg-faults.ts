import pg from 'pg';

/**
 * Runs one statement on the PostgreSQL server `url` names, in a connection of its own that is
 * closed afterwards, as an administrator at a psql prompt would (creating, altering and dropping
 * databases, ending connections). Answers the statement's rows.
 */
export async function asAdministrator<Row extends Record<string, unknown>>(url: string, statement: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Ends every connection to the database `url` names, as a failover or an administrator would
 * (SQLSTATE 57P01 on each). It works from the server's maintenance database, so a database
 * closed to new connections can still be emptied. Returns how many were ended.
 */
export async function terminateBackends(url: string): Promise<number> {
  const maintenance = new URL(url);
  const name = decodeURIComponent(maintenance.pathname.slice(1));
  maintenance.pathname = '/postgres';
  const [row] = await asAdministrator<{ ended: number }>(
    maintenance.href,
    'select count(*) filter (where pg_terminate_backend(pid))::int as ended from pg_stat_activity where datname = $1',
    [name],
  );
  return row?.ended ?? 0;
}
