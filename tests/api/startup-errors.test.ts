import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts';

/** Runs the real entry point until it gives up; the port is never reached in these cases. */
const startServer = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: '3162', LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('start-up failures', () => {
  it('a data folder held by another process: one clear line and exit code 75, no stack trace', () => {
    const dir = mkdtempSync(join(tmpdir(), 'held-'));
    const lock = lockDataDir(dir);
    try {
      const run = startServer({ DATA_DIR: dir });
      expect(run.status).toBe(75);
      expect(run.stderr.trim()).toMatch(new RegExp(`^The embedded database in ${dir} is in use by process ${process.pid} on .+ Stop that process first`));
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      lock.release();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('an unreachable PostgreSQL: one clear line and exit code 69', () => {
    const run = startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere', DATA_DIR: tmpdir() });
    expect(run.status).toBe(69);
    expect(run.stderr.trim()).toMatch(/^Cannot reach the database: .*ECONNREFUSED.*Check DATABASE_URL/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);
});
