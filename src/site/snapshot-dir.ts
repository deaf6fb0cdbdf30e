import { join } from 'node:path';

/**
 * The environment variable naming the folder a build's snapshots (published posts, published
 * content) are read from. Each build writes its own folder and passes it to Astro, so a
 * developer's `npm run build` and a running server's rebuild never read each other's.
 */
export const SNAPSHOT_DIR_VARIABLE = 'SITE_SNAPSHOT_DIR';

/** Outside src/, so writing a snapshot does not make the sources look newer than the build. */
export const DEFAULT_SNAPSHOT_DIR = join(process.cwd(), '.cache');

/** Where the page being built reads its snapshots: the build's own folder, else the default (a plain `astro build` or `astro dev`). */
export const snapshotDir = () => process.env[SNAPSHOT_DIR_VARIABLE] || DEFAULT_SNAPSHOT_DIR;

/** The published content's file in a snapshot folder (the blog's is BLOG_SNAPSHOT_NAME in blog-snapshot.ts). */
export const CONTENT_SNAPSHOT_NAME = 'content-snapshot.json';
