import { randomBytes } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, uptime } from 'node:os';
import { join } from 'node:path';

/** Thrown when another live process has the embedded database open. */
export class DatabaseInUseError extends Error {}

/** The owner touches its lock this often, so a process on another machine or container can tell it is alive. */
export const HEARTBEAT_MS = 10_000;
/** A lock whose owner cannot be checked directly counts as abandoned after this long without a heartbeat. */
export const STALE_AFTER_MS = 60_000;

/** Lock files are numbered (`pgdata.lock.7`): taking over a stale one means creating the next number, which only one process can do. */
const LOCK_PREFIX = 'pgdata.lock.';
/** The file earlier versions wrote, holding a bare pid. */
const LEGACY_LOCK = 'pgdata.lock';

/** Who holds a lock: enough to tell the process apart from a later one given the same pid. */
type Owner = { pid: number; startTime: string | null; bootId: string | null; pidNamespace: string | null; host: string; token: string };

type LockFile = { generation: number; path: string; owner: Owner | null; mtimeMs: number };

const readOr = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

const bootId = () => readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(), null);
const pidNamespace = () => readOr(() => readlinkSync('/proc/self/ns/pid'), null);

/** Field 22 of /proc/<pid>/stat, the start time in clock ticks since boot: a reused pid gets a later one. */
function processStartTime(pid: number): string | null {
  return readOr(() => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3] ?? null;
  }, null);
}

function currentOwner(): Owner {
  return {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    bootId: bootId(),
    pidNamespace: pidNamespace(),
    host: hostname(),
    token: randomBytes(16).toString('hex'),
  };
}

function parseOwner(text: string): Owner | null {
  try {
    const value = JSON.parse(text) as Owner;
    return Number.isInteger(value.pid) && typeof value.token === 'string' && typeof value.host === 'string' ? value : null;
  } catch {
    return null;
  }
}

/**
 * Whether the lock's owner still runs. On the same machine, since the same boot and in the
 * same pid namespace, the kernel answers exactly: the pid must exist with the recorded start
 * time. After a reboot on the same machine nothing survived. Anywhere else (another
 * container or machine sharing the folder, or a system without /proc) the owner proves it
 * is alive by its heartbeat.
 */
function ownerIsAlive(lock: LockFile, me: Owner): boolean {
  const { owner } = lock;
  if (owner && owner.host === me.host && owner.bootId !== null && me.bootId !== null) {
    if (owner.bootId !== me.bootId) return false;
    if (owner.pidNamespace !== null && owner.pidNamespace === me.pidNamespace && owner.startTime !== null) {
      return processStartTime(owner.pid) === owner.startTime;
    }
  }
  return Date.now() - lock.mtimeMs < STALE_AFTER_MS;
}

function readLocks(dir: string): LockFile[] {
  const locks: LockFile[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(LOCK_PREFIX) || !/^\d+$/.test(name.slice(LOCK_PREFIX.length))) continue;
    const path = join(dir, name);
    try {
      const text = readFileSync(path, 'utf8');
      locks.push({ generation: Number(name.slice(LOCK_PREFIX.length)), path, owner: parseOwner(text), mtimeMs: statSync(path).mtimeMs });
    } catch {
      // Deleted between the listing and the read: its owner released it or it was taken over.
    }
  }
  return locks.sort((a, b) => b.generation - a.generation);
}

/**
 * Earlier versions wrote the owner's bare pid to `pgdata.lock`. Such a file still keeps us
 * out while a Node process with that pid runs and has run since before the file was
 * written; anything else (a pid reused after a reboot or by another program) is removed.
 */
function checkLegacyLock(dir: string, dataDir: string): void {
  const path = join(dir, LEGACY_LOCK);
  const legacy = readOr(() => ({ pid: Number(readFileSync(path, 'utf8')), mtimeMs: statSync(path).mtimeMs }), null);
  if (!legacy) return;
  const bootedAt = Date.now() - uptime() * 1000;
  const isNode = readOr(() => /(^|\/)node(\0|$)/.test(readFileSync(`/proc/${legacy.pid}/cmdline`, 'utf8').split('\0')[0] ?? ''), false);
  if (legacy.mtimeMs > bootedAt && legacy.pid !== process.pid && isNode) {
    throw new DatabaseInUseError(`The embedded database in ${dataDir} is in use by process ${legacy.pid}. Stop that process first, or use another DATA_DIR.`);
  }
  rmSync(path, { force: true });
}

function inUseMessage(lock: LockFile, dataDir: string): string {
  const who = lock.owner ? `process ${lock.owner.pid} on ${lock.owner.host}` : 'another process';
  return (
    `The embedded database in ${dataDir} is in use by ${who} (lock file ${lock.path}). Stop that process first, or use another DATA_DIR. ` +
    `If that process is gone, the lock is taken over ${Math.round(STALE_AFTER_MS / 1000)} s after its last heartbeat, or at once from the same machine.`
  );
}

export type DataDirLock = { path: string; release(): void };

/**
 * Keeps a second process out of an embedded database folder (two would corrupt it). The
 * lock records the owner's pid with its start time, the boot and pid namespace, and a
 * random token, and is touched every HEARTBEAT_MS; so a pid reused after a crash, a reboot
 * or a container restart is not mistaken for the owner. A stale lock is replaced by the
 * next-numbered one, created with link(2), which fails for every process but one.
 */
export function lockDataDir(dir: string, options: { dataDir?: string; afterLook?: () => void } = {}): DataDirLock {
  const { dataDir = dir, afterLook } = options;
  const me = currentOwner();
  checkLegacyLock(dir, dataDir);
  for (let attempt = 0; attempt < 10; attempt++) {
    const [newest] = readLocks(dir);
    if (newest && ownerIsAlive(newest, me)) throw new DatabaseInUseError(inUseMessage(newest, dataDir));
    // The race tests widen the gap between the look and the claim here, where a check-then-write lock would let two in.
    afterLook?.();
    const path = join(dir, `${LOCK_PREFIX}${(newest?.generation ?? 0) + 1}`);
    // The content is complete before the name appears: nobody reads a half-written lock.
    const draft = join(dir, `.pgdata-lock-draft-${me.token}`);
    writeFileSync(draft, JSON.stringify(me));
    try {
      linkSync(draft, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue; // someone else moved first: look again
      throw error;
    } finally {
      rmSync(draft, { force: true });
    }
    // A process that stalled between its look and its link may have linked a number that is
    // free again after its owner released it: whoever then finds a live rival steps back.
    const rivals = readLocks(dir).filter((lock) => lock.path !== path);
    if (rivals.some((lock) => ownerIsAlive(lock, me))) {
      rmSync(path, { force: true });
      continue;
    }
    for (const stale of rivals) rmSync(stale.path, { force: true });
    const heartbeat = setInterval(() => {
      const now = new Date();
      readOr(() => utimesSync(path, now, now), undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    return {
      path,
      release() {
        clearInterval(heartbeat);
        // Only our own: after a takeover the file may be another process's.
        if (readOr(() => parseOwner(readFileSync(path, 'utf8'))?.token, null) === me.token) rmSync(path, { force: true });
      },
    };
  }
  throw new DatabaseInUseError(`The embedded database in ${dataDir} is being opened by other processes at the same time; try again.`);
}
