import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';

/**
 * `npm run bench:pglite`: the embedded database's start-up time and memory, each in a fresh
 * process as the server opens it (src/server/db/client.ts: the data-folder lock, the durable
 * file layer, migrations): on an empty folder, and on a folder with data (`--rows` contacts
 * and as many leads' worth of outbox mail). Reports the median of `--runs` starts, the
 * process's resident memory once open (RSS) and its peak (VmHWM).
 *
 *   npm run bench:pglite -- --runs 3 --rows 20000 --variant default --variant buffers-16m
 */
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    rows: { type: 'string', default: '20000' },
    child: { type: 'string' },
    variant: { type: 'string', multiple: true },
  },
});

/** What can be changed in how PGlite is opened, by name (`--variant`, repeatable; `default` is the server's). */
const VARIANTS: Record<string, () => Promise<NonNullable<import('#src/server/db/client.ts').OpenOptions['pglite']>>> = {
  default: async () => ({}),
  // Not a variant: PGlite's `initialMemory` cannot go below 128 MiB, the minimum its
  // WebAssembly module declares (32 MiB fails with "memory import has 512 pages which is
  // smaller than the declared initial of 2048"); the pages count in RSS only once touched.
  // PostgreSQL's buffer cache inside the WebAssembly heap (PGlite's initdb picks 128 MB).
  'buffers-16m': async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    return { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] };
  },
  'buffers-32m': async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    return { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'] };
  },
};

type Figures = { openMs: number; migrateMs: number; firstQueryMs: number; rssMiB: number; readAllMiB: number; peakMiB: number };

/** In the child: open, migrate, query once, and report. */
async function measureHere(dataDir: string, rows: number, variant: string): Promise<void> {
  const started = performance.now();
  const { openDatabase } = await import('#src/server/db/client.ts');
  const { sql } = await import('drizzle-orm');
  const make = VARIANTS[variant];
  if (!make) throw new Error(`no variant ${variant}; there are ${Object.keys(VARIANTS).join(', ')}`);
  const database = await openDatabase({ dataDir, pglite: await make() });
  const opened = performance.now();
  await database.migrate();
  const migrated = performance.now();
  await database.db.execute(sql`select count(*) from contacts`);
  const queried = performance.now();
  if (rows > 0) {
    // Filling a folder for the "with data" figures: one statement, then a checkpoint so the next start replays nothing.
    await database.db.execute(sql`insert into contacts (name, email, phone, subject, message)
      select 'Visitor ' || n, 'visitor' || n || '@example.ie', '0871234567', 'Van insurance', repeat('A question about cover. ', 20)
      from generate_series(1, ${rows}) as n`);
    await database.db.execute(sql`insert into outbox (id, "to", subject, text, message_id)
      select gen_random_uuid(), '{sales@example.ie}', 'Callback request', repeat('Mail text. ', 80), '<' || n || '@bench>' from generate_series(1, ${rows}) as n`);
    await database.db.execute(sql`checkpoint`);
  }
  const { readFileSync } = await import('node:fs');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0);
  const rssOpen = kib('VmRSS');
  // A server that has been used: every row read once, so PostgreSQL's buffer cache holds what it keeps.
  await database.db.execute(sql`select sum(length(message)) from contacts`);
  await database.db.execute(sql`select sum(length(text)) from outbox`);
  const rssRead = kib('VmRSS');
  const peak = kib('VmHWM');
  await database.close();
  const figures: Figures = {
    openMs: opened - started,
    migrateMs: migrated - opened,
    firstQueryMs: queried - migrated,
    rssMiB: rssOpen / 1024,
    readAllMiB: rssRead / 1024,
    peakMiB: peak / 1024,
  };
  console.log(JSON.stringify(figures));
}

async function measure(dataDir: string, variant: string, rows = 0): Promise<Figures> {
  const { stdout } = await promisify(execFile)(process.execPath, [import.meta.filename, '--child', dataDir, '--rows', String(rows), '--variant', variant], {
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Figures;
}

const median = (list: number[]) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

if (values.child) {
  await measureHere(values.child, Number(values.rows), values.variant?.[0] ?? 'default');
} else {
  const runs = Number(values.runs);
  const rows = Number(values.rows);
  const root = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  try {
    // A folder with data, made once; each "with data" start opens a copy of it.
    const filled = join(root, 'filled');
    await measure(filled, 'default', rows);
    const variants = values.variant ?? ['default'];
    const figures = new Map(variants.map((variant) => [variant, { empty: [] as Figures[], withData: [] as Figures[] }]));
    // Alternated (every variant once per round), so a busy moment on the machine falls on all of them.
    for (let run = 0; run < runs; run++) {
      for (const variant of variants) {
        const lists = figures.get(variant)!;
        const fresh = join(root, `empty-${variant}-${run}`);
        lists.empty.push(await measure(fresh, variant));
        rmSync(fresh, { recursive: true, force: true });
        const copy = join(root, `copy-${variant}-${run}`);
        cpSync(filled, copy, { recursive: true });
        lists.withData.push(await measure(copy, variant));
        rmSync(copy, { recursive: true, force: true });
      }
    }
    console.log(`\nPGlite start-up, median of ${runs} fresh processes each (the machine may be busy: compare within one run)\n`);
    console.log('| variant | folder | open ms | migrate ms | first query ms | RSS MiB | RSS after reading every row | peak RSS MiB |');
    console.log('|---|---|---:|---:|---:|---:|---:|---:|');
    for (const [variant, lists] of figures) {
      for (const [name, list] of [
        ['empty', lists.empty],
        [`${rows.toLocaleString('en-IE')} contacts and mails`, lists.withData],
      ] as const) {
        const pick = (key: keyof Figures) => median(list.map((f) => f[key]));
        console.log(
          `| ${variant} | ${name} | ${pick('openMs').toFixed(0)} | ${pick('migrateMs').toFixed(0)} | ${pick('firstQueryMs').toFixed(0)} | ${pick('rssMiB').toFixed(0)} | ${pick('readAllMiB').toFixed(0)} | ${pick('peakMiB').toFixed(0)} |`,
        );
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
