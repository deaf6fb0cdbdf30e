import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '#src/server/db/client.ts';
import { DatabaseInUseError, lockDataDir, STALE_AFTER_MS } from '#src/server/db/data-dir-lock.ts';

const contender = join(import.meta.dirname, '../support/lock-contender.ts');
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs lock contenders in separate processes, all trying at the same moment; resolves to what each printed. */
function race(dir: string, count: number, holdMs = 1500, pauseMs = 0): Promise<string[]> {
  const startAt = Date.now() + 3000;
  return Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, [contender, dir, String(startAt), String(holdMs), String(pauseMs)]);
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('exit', () => resolve(out.trim()));
        }),
    ),
  );
}

/** A real, live process that is not ours and not the lock's owner: its pid stands for a reused pid. */
function otherLiveProcess() {
  const child = spawn('sleep', ['30']);
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

describe('the embedded database folder lock', () => {
  it('keeps a second opener out while it is held, in this process or another', async () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DatabaseInUseError);
    expect(await race(dir, 1)).toEqual(['in-use']);
    lock.release();
    expect(await race(dir, 1, 0)).toEqual(['acquired']);
  });

  it('is taken over at once from an owner that died without releasing it', async () => {
    const dir = freshDir();
    const child = spawn(process.execPath, [contender, dir, '0', '60000']);
    expect(await new Promise<string>((resolve) => child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())))).toBe('acquired');
    expect(() => lockDataDir(dir)).toThrow(/in use by process \d+/);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    lockDataDir(dir).release();
  });

  it('is not fooled by a live process that got the owner’s pid (pid reuse after a crash or restart)', () => {
    const dir = freshDir();
    const other = otherLiveProcess();
    try {
      // The recorded owner had this pid, but started at another time: it is not this process.
      writeFileSync(
        join(dir, 'pgdata.lock.1'),
        JSON.stringify({ pid: other.pid, startTime: '1', bootId: bootId(), pidNamespace: readlinkSync('/proc/self/ns/pid'), host: hostname(), token: 'old' }),
      );
      const lock = lockDataDir(dir);
      expect(readdirSync(dir).filter((name) => name.startsWith('pgdata.lock'))).toEqual(['pgdata.lock.2']);
      lock.release();
    } finally {
      other.stop();
    }
  });

  it('takes over the old pid-only lock file when its pid now belongs to another program', async () => {
    const dir = freshDir();
    const other = otherLiveProcess();
    try {
      writeFileSync(join(dir, 'pgdata.lock'), String(other.pid));
      const database = await openDatabase({ dataDir: dir, fsync: false });
      await database.close();
    } finally {
      other.stop();
    }
  }, 60_000);

  it('lets exactly one of several processes take over a stale lock', async () => {
    const dir = freshDir();
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)']).stdout.toString().trim();
    writeFileSync(
      join(dir, 'pgdata.lock.4'),
      JSON.stringify({ pid: Number(gone), startTime: '1', bootId: bootId(), pidNamespace: readlinkSync('/proc/self/ns/pid'), host: hostname(), token: 'dead' }),
    );
    const outcomes = await race(dir, 6, 3000, 1000); // each looks, then waits a second before claiming
    expect(outcomes.filter((outcome) => outcome === 'acquired')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'in-use')).toHaveLength(5);
  }, 60_000);

  it('trusts a heartbeat from another machine until it stops', () => {
    const dir = freshDir();
    const path = join(dir, 'pgdata.lock.1');
    writeFileSync(path, JSON.stringify({ pid: 1, startTime: null, bootId: 'other-boot', pidNamespace: null, host: 'another-container', token: 'theirs' }));
    expect(() => lockDataDir(dir)).toThrow(/in use by process 1 on another-container/);
    const stale = new Date(Date.now() - STALE_AFTER_MS - 1000);
    utimesSync(path, stale, stale);
    lockDataDir(dir).release();
  });
});
