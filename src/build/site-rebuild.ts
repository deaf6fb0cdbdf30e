import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Db } from '../server/db/client.ts';
import { CONTENT_SNAPSHOT_FILE, contentSnapshotFrom } from '../server/content/snapshot.ts';
import { BLOG_SNAPSHOT_FILE, BUILT_POST_VERSIONS_FILE, builtPostVersions } from '../site/blog-snapshot.ts';
import { blogSnapshotFrom } from './blog-snapshot.ts';

/**
 * Builds the whole static site into a fresh folder from the running server's database: the
 * published posts and content are written where the pages read them, then `astro build` runs
 * as a child process (the server's thread keeps answering meanwhile). The one place a rebuild
 * calls the build, so a faster or incremental build can take its place.
 */
export type SiteBuilder = (outDir: string, db: Db) => Promise<void>;

/** A build still running after this is stuck; it is stopped and reported as failed. */
export const BUILD_TIME_LIMIT_MS = 10 * 60_000;
/** Lines of the build's output kept as the reason for a failure. */
const OUTPUT_TAIL_LINES = 20;

const root = process.cwd();

export const buildSite: SiteBuilder = async (outDir, db) => {
  const [blog, content] = await Promise.all([blogSnapshotFrom(db), contentSnapshotFrom(db)]);
  await mkdir(dirname(BLOG_SNAPSHOT_FILE), { recursive: true });
  await Promise.all([writeFile(BLOG_SNAPSHOT_FILE, JSON.stringify(blog)), writeFile(CONTENT_SNAPSHOT_FILE, JSON.stringify(content))]);
  await runAstroBuild(outDir);
  await writeFile(join(outDir, BUILT_POST_VERSIONS_FILE), JSON.stringify(builtPostVersions(blog)));
};

/** Live builds, so a server that stops does not leave one running. */
const running = new Set<ReturnType<typeof spawn>>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function runAstroBuild(outDir: string): Promise<void> {
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
      cwd: root,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).split('\n').slice(-OUTPUT_TAIL_LINES).join('\n');
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIME_LIMIT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      running.delete(child);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`astro build ${signal ? `was stopped (${signal})` : `exited with code ${code}`}:\n${output.trim()}`));
    });
  });
}
