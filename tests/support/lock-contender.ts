import { DatabaseInUseError, lockDataDir } from '#src/server/db/data-dir-lock.ts';

/**
 * A separate process that tries to lock a data folder: `node lock-contender.ts <dir> <start
 * at, ms since epoch> <hold ms> [pause ms]`. It waits for the common start, pauses between
 * looking at the lock and claiming it (so rivals all look before any claims), prints
 * `acquired` or `in-use`, and holds a lock it got for the given time.
 */
const [dir = '', startAt = '0', holdMs = '0', pauseMs = '0'] = process.argv.slice(2);
const pause = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(pauseMs));
while (Date.now() < Number(startAt)) {
  // spin: a timer would add its own jitter to the race
}
try {
  const lock = lockDataDir(dir, { afterLook: pause });
  console.log('acquired');
  setTimeout(() => lock.release(), Number(holdMs));
} catch (error) {
  console.log(error instanceof DatabaseInUseError ? 'in-use' : `error ${String(error)}`);
}
