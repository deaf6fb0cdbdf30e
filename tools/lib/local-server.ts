import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type LocalServer = {
  base: string;
  startupMs: number;
  /** The server's DATA_DIR (the embedded database lives there). */
  dataDir: string;
  /** The server's process id (a measuring script reads its CPU time in /proc). */
  pid: number | undefined;
  /** The server process's exit code, or null while it runs: a measuring script checks it survived. */
  exitCode(): number | null;
  /** The last of what the server wrote to stderr (its error log). */
  stderr(): string;
  /** What the server wrote to stdout (its log below error), when started with `keepStdout`; otherwise ''. */
  stdout(): string;
  /** Sends the server process a signal (SIGKILL to play a crash); `exited` resolves when it is gone. */
  signal(name: NodeJS.Signals): void;
  exited: Promise<void>;
  /** Stops the server; its DATA_DIR goes too unless `keepData` (then the caller removes it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
};

export type LocalServerOptions = {
  /** The checkout to run (default: this one), e.g. an older commit's, to measure before and after. */
  root?: string;
  /** Keep everything the server writes on stdout (a test reads its log); measuring scripts leave it out. */
  keepStdout?: boolean;
};

const START_TIMEOUT_MS = 120_000;
const PRELOAD = 'src/server/observability/preload.ts';

/**
 * Starts the real server (built site, fresh embedded database in a temporary folder, or
 * DATABASE_URL when set) on a loopback port for the measuring scripts, and waits until it
 * answers its health check. SERVER_NODE_ARGS adds options to the server's node, e.g.
 * `SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run bench` for a CPU profile
 * of the server under the bench's load (node refuses --cpu-prof in NODE_OPTIONS).
 */
export async function startLocalServer(extraEnv: Record<string, string> = {}, options: LocalServerOptions = {}): Promise<LocalServer> {
  const port = Number(extraEnv.PORT ?? 4400 + Math.floor(Math.random() * 500));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-'));
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // Started as production starts it: the preload turns on error reporting and traces when configured (an older checkout may lack it).
  const preload = existsSync(join(options.root ?? '.', PRELOAD)) ? ['--import', `./${PRELOAD}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...preload, 'src/server/main.ts'], {
    cwd: options.root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', ADMIN_PASSWORD: 'measuring password', ...extraEnv },
    stdio: ['ignore', options.keepStdout ? 'pipe' : 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? 128 : 1);
      resolve();
    }),
  );
  const stop = async ({ keepData = false }: { keepData?: boolean } = {}) => {
    if (exitCode === null) child.kill('SIGTERM');
    await exited;
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  // A fresh embedded database takes a few seconds to create; much longer on a busy machine.
  while (exitCode === null && performance.now() - started < START_TIMEOUT_MS) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok)
        return {
          base,
          startupMs: performance.now() - started,
          dataDir,
          pid: child.pid,
          exitCode: () => exitCode,
          stderr: () => stderr,
          stdout: () => stdout,
          signal: (name) => child.kill(name),
          exited,
          stop,
        };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s${stderr ? `:\n${stderr}` : ''}`);
}
