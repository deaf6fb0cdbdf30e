import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '#src/server/db/data-dir-lock.ts';
import { asAdministrator } from '#tools/lib/pg-faults.ts';
import { startLocalS3 } from '#tools/lib/local-s3.ts';
import { createThrowawayDatabase, dropDatabase } from '../support/database.ts';

/** Runs the real entry point until it gives up; the port is never reached in these cases. */
const startServer = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: '3162', LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

/** As startServer, without blocking this process: the S3 server the entry point checks runs here. */
const startServerAsync = (env: Record<string, string>) =>
  new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, PORT: '3163', LOG_LEVEL: 'error', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 60_000,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolve({ status, stderr }));
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

  it('an S3 bucket that cannot be used (missing, keys refused, nothing listening): one clear line and exit code 74', async () => {
    const s3 = await startLocalS3();
    const dir = mkdtempSync(join(tmpdir(), 'bad-s3-'));
    try {
      const cases: [Record<string, string>, RegExp][] = [
        [{ S3_BUCKET: 'no-such-bucket' }, /^The bucket no-such-bucket does not exist at http:\/\/127\.0\.0\.1:\d+\. Create it, or check S3_BUCKET\.$/],
        [{ S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' }, /^The object storage at .+ refused the keys for bucket broker-test\. Check S3_ACCESS_KEY_ID/],
        [{ S3_ENDPOINT: 'http://127.0.0.1:9' }, /^Cannot reach the object storage at http:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)\. Check S3_ENDPOINT/],
      ];
      for (const [env, line] of cases) {
        const run = await startServerAsync({ ...s3.env, ...env, DATA_DIR: dir });
        expect(run.status).toBe(74);
        expect(run.stderr.trim()).toMatch(line);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
      }
    } finally {
      await s3.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  // pg-boss runs only on PostgreSQL: on the embedded database the jobs stay on timers and cannot fail to start.
  if (process.env.DATABASE_URL) {
    it('a database role that may not use the pgboss schema: one clear line and exit code 77', async () => {
      const serverUrl = process.env.DATABASE_URL!;
      const url = await createThrowawayDatabase(serverUrl);
      const role = `jobs_denied_${process.pid}`;
      const dir = mkdtempSync(join(tmpdir(), 'jobs-denied-'));
      try {
        // The role owns the database (so the app's own migrations run), but another role owns the pgboss schema.
        await asAdministrator(serverUrl, `create role ${role} login password 'denied'`);
        await asAdministrator(serverUrl, `alter database "${new URL(url).pathname.slice(1)}" owner to ${role}`);
        await asAdministrator(url, 'create schema pgboss');
        const asRole = new URL(url);
        asRole.username = role;
        asRole.password = 'denied';
        // A worker: it runs the jobs and serves no pages, so nothing else is logged.
        const run = await startServerAsync({ DATABASE_URL: asRole.href, DATA_DIR: dir, ROLE: 'worker' });
        expect(run.status, run.stderr).toBe(77);
        expect(run.stderr.trim()).toMatch(/^Cannot start the background jobs \(pg-boss, schema pgboss\): permission denied for schema pgboss .*or own it\.$/);
        expect(run.stderr.trim().split('\n')).toHaveLength(1);
      } finally {
        await dropDatabase(serverUrl, url);
        await asAdministrator(serverUrl, `drop role if exists ${role}`);
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});
