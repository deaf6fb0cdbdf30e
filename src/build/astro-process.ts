import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { endedMessage, killWithThisProcess, outputTail } from './astro-children.ts';

/**
 * Runs Astro builds in one long-lived child process (astro-worker.ts) instead of a new
 * `astro build` each time: for the server's rebuild on publish, where starting Astro and Vite
 * was most of a one-post republish. The child is started on the first build and ends after
 * IDLE_MS without one (it holds 0.7-0.8 GB while it lives), after MOST_BUILDS builds (each
 * leaves a little memory behind), when a build runs past the time limit (it is killed), when
 * closed, and with this process. One build at a time.
 */
export type AstroProcess = {
  /** Queued after the builds before it; one whose signal has aborted by its turn is never started. */
  build(outDir: string, env: Record<string, string | undefined>, signal?: AbortSignal): Promise<void>;
  /** Whether the Astro process is running now (between builds it waits, loaded, until it is idle too long). */
  alive(): boolean;
  close(): void;
};

/** How long the builder waits for the next build before it ends (SITE_BUILDER_IDLE_MINUTES; 0 ends it after each build). */
export const IDLE_MS = 10 * 60_000;
/** Builds one builder makes before a fresh one takes over. */
const MOST_BUILDS = 25;
export function startAstroProcess({ root, timeLimitMs, idleMs = IDLE_MS }: { root: string; timeLimitMs: number; idleMs?: number }): AstroProcess {
  let child: ChildProcess | null = null;
  let builds = 0;
  let idle: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let busy = false;
  let closing = false;

  const stop = () => {
    if (!child) return;
    child.kill('SIGKILL');
    child = null;
  };

  const start = (): ChildProcess => {
    const started = fork(join(import.meta.dirname, 'astro-worker.ts'), [], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    killWithThisProcess(started);
    started.once('exit', () => {
      if (child === started) child = null;
    });
    builds = 0;
    return started;
  };

  const buildOnce = (outDir: string, env: Record<string, string | undefined>) =>
    new Promise<void>((done, fail) => {
      clearTimeout(idle);
      if (!child || builds >= MOST_BUILDS) {
        stop();
        child = start();
      }
      const worker = child;
      builds += 1;
      busy = true;
      const output = outputTail(worker);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        output.stop();
        worker.off('message', onMessage);
        worker.off('exit', onExit);
        busy = false;
        if (closing || idleMs === 0) stop();
        else if (child === worker) {
          idle = setTimeout(stop, idleMs);
          idle.unref();
        }
        if (error) fail(error);
        else done();
      };
      const onMessage = (message: { ok: boolean; error?: string }) =>
        finish(message.ok ? undefined : new Error(`astro build failed: ${[message.error, output.text()].filter(Boolean).join('\n')}`));
      const onExit = (code: number | null, signal: string | null) => finish(endedMessage(code, signal, output.text()));
      const timer = setTimeout(stop, timeLimitMs);
      worker.on('message', onMessage);
      worker.once('exit', onExit);
      // JSON over IPC drops an undefined value: null says "unset this variable" instead, so a
      // variable an earlier build set (a preview's content markers, a partial build's posts) does not outlive it.
      worker.send({ outDir, env: Object.fromEntries(Object.entries(env).map(([name, value]) => [name, value ?? null])) });
    });

  return {
    alive: () => child !== null,
    build(outDir, env, signal) {
      const next = queue.then(() => {
        signal?.throwIfAborted();
        return buildOnce(outDir, env);
      });
      queue = next.catch(() => undefined);
      return next;
    },
    /** Ends the process now, or after the build it is running (which a server's shutdown leaves to finish or be cut with it). */
    close() {
      clearTimeout(idle);
      closing = true;
      if (!busy) stop();
    },
  };
}
