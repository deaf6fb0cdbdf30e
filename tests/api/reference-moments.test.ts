import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

/**
 * Migration 0017's data steps: requests stored before it took their transaction's start as
 * their moment, so one that waited for the reference counter could have the later number and
 * the earlier moment. The migration puts each series (prefix and year) in the order of its
 * numbers, as the requests made since are (src/server/leads/reference.ts), and gives each
 * counter its last number's moment. Run here again on such rows: the steps are the file's own.
 */
const steps = readFileSync(new URL('../../src/server/db/migrations/0017_reference-moments.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .slice(1);

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
});
afterAll(() => test.drop());

const rows = async (query: ReturnType<typeof sql>) => ((await test.database.db.execute(query)) as unknown as { rows: Record<string, string>[] }).rows;

it('puts the requests stored before it in the order of their numbers, moving a moment only as far as the one before it, and gives each counter its last', async () => {
  const db = test.database.db;
  await db.execute(sql`
    insert into leads (kind, reference, name, email, phone, answers, created_at)
    select kind, reference, 'Caller', 'caller@example.ie', '0871234567', '{}'::jsonb, moment::timestamptz
    from (values
      ('van', 'VQ-2025-000001', '2025-03-01 10:00:00+00'),
      ('van', 'VQ-2025-000002', '2025-03-01 10:00:10+00'),
      ('van', 'VQ-2025-000003', '2025-03-01 10:00:05+00'),
      ('van', 'VQ-2025-000004', '2025-03-01 10:00:20+00'),
      ('van', 'VQ-2025-000005', '2025-03-01 10:00:20+00'),
      ('van', 'VQ-2026-000001', '2026-01-01 09:00:00+00'),
      ('fleet', 'FQ-2025-000001', '2025-03-01 09:00:00+00')
    ) as v(kind, reference, moment)`);
  await db.execute(sql`insert into reference_counters (prefix, year, last) values ('VQ', 2025, 5), ('VQ', 2026, 1), ('FQ', 2025, 1), ('TQ', 2025, 0)`);
  for (const step of steps) await db.execute(sql.raw(step));

  const moments = await rows(sql`select reference, to_char(created_at at time zone 'UTC', 'HH24:MI:SS.US') as at from leads order by reference`);
  expect(moments).toEqual([
    { reference: 'FQ-2025-000001', at: '09:00:00.000000' },
    { reference: 'VQ-2025-000001', at: '10:00:00.000000' },
    { reference: 'VQ-2025-000002', at: '10:00:10.000000' },
    { reference: 'VQ-2025-000003', at: '10:00:10.000001' },
    { reference: 'VQ-2025-000004', at: '10:00:20.000000' },
    { reference: 'VQ-2025-000005', at: '10:00:20.000001' },
    { reference: 'VQ-2026-000001', at: '09:00:00.000000' },
  ]);
  const counters = await rows(
    sql`select prefix || year as series, to_char(last_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') as last_at from reference_counters order by 1`,
  );
  expect(counters).toEqual([
    { series: 'FQ2025', last_at: '2025-03-01 09:00:00.000000' },
    { series: 'TQ2025', last_at: null },
    { series: 'VQ2025', last_at: '2025-03-01 10:00:20.000001' },
    { series: 'VQ2026', last_at: '2026-01-01 09:00:00.000000' },
  ]);
});
