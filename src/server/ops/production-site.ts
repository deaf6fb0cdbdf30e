import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readStamp, siteFactsOf, sourcesTime } from '#src/build/build-stamp.ts';

/** Exit code (sysexits.h EX_CONFIG) when a production server is started without a current build. */
export const EXIT_SITE_NOT_BUILT = 78;

const BUILD_STEP = 'Run `npm run build` (the deploy step) and start again; in production the server never builds at start-up.';

/**
 * Why a production server must not start with the built site in `distDir`, or null when it
 * may: the build is missing, older than the sources it was built from, or made with other
 * site facts (BRAND_NAME, SITE_ORIGIN…) than this environment's, which would serve pages
 * that contradict the server. Published posts are not compared: the server serves a post
 * newer than the build itself (see docs/architecture.md, The blog).
 */
export function productionSiteProblem(distDir: string, root: string, env: Record<string, string | undefined>): string | null {
  const where = resolve(distDir);
  const stamp = existsSync(where) ? readStamp(where) : null;
  if (!stamp) return `No built site in ${where}. ${BUILD_STEP}`;
  if (stamp.sourcesTime < sourcesTime(root)) return `The built site in ${where} is older than the sources. ${BUILD_STEP}`;
  const facts = siteFactsOf(env);
  const changed = Object.keys(facts).filter((name) => (stamp.facts?.[name] ?? '') !== facts[name]);
  if (changed.length > 0) return `The built site in ${where} was built with other settings (${changed.join(', ')}). ${BUILD_STEP}`;
  return null;
}
