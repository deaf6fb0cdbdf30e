import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/**
 * Where the measuring scripts run what: the load (wrk, pgbench) on core 0 and the server
 * measured on core 1, as the benches' published figures were taken, so a client's own CPU does not come
 * out of the server's. Needs taskset (util-linux) and two cores; otherwise nothing is pinned.
 */
export const LOAD_CORE = '0';
export const SERVER_CORE = '1';

/** Whether a command is on the PATH. */
export const hasCommand = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;

export const canPin = hasCommand('taskset') && availableParallelism() > 1;

/** The command and the arguments before its own that run it on `core` (as it is when nothing can be pinned). */
export const onCore = (core: string, command: string): [string, string[]] => (canPin ? ['taskset', ['-c', core, command]] : [command, []]);

/** Moves a running process, every thread of it, to `core`. */
function pinTo(core: string, pid: number | undefined): void {
  if (canPin && pid) execFileSync('taskset', ['-a', '-pc', core, String(pid)]);
}

/** Moves a running process to the server core. */
export const pinToServerCore = (pid: number | undefined) => pinTo(SERVER_CORE, pid);

/** Moves a running process to the load core. */
export const pinToLoadCore = (pid: number | undefined) => pinTo(LOAD_CORE, pid);

/** CPU time (user and system) a process has used so far, in ms (from /proc: Linux only; 0 elsewhere). */
export function cpuMsOf(pid: number | undefined): number {
  try {
    // Fields 14 and 15 of /proc/<pid>/stat (after the command's parenthesised name): utime and stime in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}
