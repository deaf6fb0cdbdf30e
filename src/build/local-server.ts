import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type LocalServer = {
  base: string;
  startupMs: number;
  /** The server's DATA_DIR (the embedded database lives there). */
  dataDir: string;
  /** Stops the server; its DATA_DIR goes too unless `keepData` (then the caller removes it). */
  stop(options?: { keepData?: boolean }): Promise<void>;
};

/**
 * Starts the real server (built site, fresh embedded database in a temporary folder, or
 * DATABASE_URL when set) on a loopback port for the measuring scripts, and waits until it
 * answers its health check.
 */
export async function startLocalServer(extraEnv: Record<string, string> = {}): Promise<LocalServer> {
  const port = Number(extraEnv.PORT ?? 4400 + Math.floor(Math.random() * 500));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'measure-'));
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'error', ADMIN_PASSWORD: 'measuring password', ...extraEnv },
    stdio: 'ignore',
  });
  const stop = async (options: { keepData?: boolean } = {}) => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };
  const started = performance.now();
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return { base, startupMs: performance.now() - started, dataDir, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error('the server did not start within 30 s');
}
