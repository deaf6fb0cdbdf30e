import type { ChildProcess } from 'node:child_process';

/**
 * What the two ways of running Astro (a new `astro build` per build in build-site.ts, the
 * long-lived builder in astro-process.ts) share about the processes they start.
 */

/** Astro processes still running: killed with this process, so a server that stops does not leave one behind. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Has `child` killed should this process exit first. */
export function killWithThisProcess(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** Lines of Astro's output kept as the reason for a failure. */
const OUTPUT_TAIL_LINES = 20;

/** Keeps the last lines `child` writes from now on, until `stop` (a failed build reports them). */
export function outputTail(child: ChildProcess): { text(): string; stop(): void } {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).split('\n').slice(-OUTPUT_TAIL_LINES).join('\n');
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    text: () => output.trim(),
    stop() {
      child.stdout?.off('data', keep);
      child.stderr?.off('data', keep);
    },
  };
}

/** Why a build ended with its process: the exit code or signal, and the output's last lines. */
export function endedMessage(code: number | null, signal: string | null, output: string): Error {
  return new Error(`astro build ${signal ? `was stopped (${signal})` : `exited with code ${code}`}${output ? `:\n${output}` : ''}`);
}
