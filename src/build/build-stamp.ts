import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { siteFactVariables } from '../site/facts.ts';

/**
 * What a build of the static site records about itself (DIST_DIR/.build-stamp.json), and
 * what it is compared with: the newest source file's time and the site facts in the
 * environment. The build writes it; `npm start` (development) rebuilds when it is behind; a
 * production server refuses to start then.
 */
export const STAMP_FILE = '.build-stamp.json';
/** Files and folders the static build reads. The server's own code (src/server) is not among them. */
export const BUILD_INPUTS = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/**
 * What a build was made from: the newest source file's time, the site facts, and a hash of the
 * posts and content snapshots (compared by `npm start`'s rebuild only; a production server
 * serves posts newer than its build), and one of the content alone (a rebuild after posts
 * alone changed can reuse the other posts' pages: partial-build.ts).
 */
export type BuildStamp = { sourcesTime: number; facts: Record<string, string>; snapshots?: string; content?: string };

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

/** The time of the newest file the static build reads. */
export function sourcesTime(root: string): number {
  return Math.max(...BUILD_INPUTS.map((input) => newestMtime(join(root, input))));
}

/** The site facts (brand, phones, origin…) as the environment gives them now. */
export function siteFactsOf(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(siteFactVariables.map((name) => [name, env[name] ?? '']));
}

/** The stamp of the build in distDir, or null when there is no (readable) build. */
export function readStamp(distDir: string): BuildStamp | null {
  try {
    return JSON.parse(readFileSync(join(distDir, STAMP_FILE), 'utf8')) as BuildStamp;
  } catch {
    return null;
  }
}
