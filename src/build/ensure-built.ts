import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { siteFactVariables } from '../site/facts.ts';
import { exportBlogSnapshot } from './blog-snapshot.ts';
import { BUILT_POST_VERSIONS_FILE, builtPostVersions, readBlogSnapshot } from '../site/blog-snapshot.ts';

/**
 * Builds the static site when it is missing or older than its sources, when a site fact in
 * the environment changed, or when the published posts changed since the last build (their
 * snapshot is read from the database first). `--force` always builds.
 * The server's own code (src/server) is not part of the static build and is not watched.
 */
const root = process.cwd();
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
const stampFile = join(distDir, '.build-stamp.json');
const inputs = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.parentPath.includes(join('src', 'server'))) continue;
    newest = Math.max(newest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

const sourcesTime = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
const facts = Object.fromEntries(siteFactVariables.map((name) => [name, process.env[name] ?? '']));
const blog = await exportBlogSnapshot();

function isFresh(): boolean {
  if (!existsSync(stampFile)) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { sourcesTime: number; facts: Record<string, string>; blog?: string };
    return stamp.sourcesTime >= sourcesTime && JSON.stringify(stamp.facts) === JSON.stringify(facts) && stamp.blog === blog;
  } catch {
    return false;
  }
}

if (process.argv.includes('--force') || !isFresh()) {
  console.log('Building the site…');
  const started = performance.now();
  const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', ...(process.env.DIST_DIR ? ['--outDir', distDir] : [])], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(join(distDir, BUILT_POST_VERSIONS_FILE), JSON.stringify(builtPostVersions(readBlogSnapshot())));
  writeFileSync(stampFile, JSON.stringify({ sourcesTime, facts, blog }));
  console.log(`Site built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  console.log('The built site is up to date.');
}
