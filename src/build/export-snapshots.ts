import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { desc } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { DatabaseInUseError, type Db, openDatabase } from '../server/db/client.ts';
import { posts } from '../server/db/schema.ts';
import { seedBlogPosts } from '../server/posts/seed.ts';
import { seedContent } from '../server/content/seed.ts';
import { tagCounts, viewsOf, visible } from '../server/posts/views.ts';
import { type ContentSnapshot, contentSnapshotFrom } from '../server/content/snapshot.ts';
import { CONTENT_SNAPSHOT_NAME } from '../site/snapshot-dir.ts';
import { BLOG_SNAPSHOT_MAX_POSTS, BLOG_SNAPSHOT_NAME, type BlogSnapshot } from '../site/blog-snapshot.ts';

type Snapshots = { blog: BlogSnapshot; content: ContentSnapshot };

async function readFromDatabase(): Promise<Snapshots> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (config.demoPosts) await seedBlogPosts(database.db);
    await seedContent(database.db, { demo: config.demoContent });
    return await snapshotsFrom(database.db);
  } finally {
    await database.close();
  }
}

async function snapshotsFrom(db: Db): Promise<Snapshots> {
  const [blog, content] = await Promise.all([blogSnapshotFrom(db), contentSnapshotFrom(db)]);
  return { blog, content };
}

/** The published posts and tag counts as the build needs them (also used by the running server's rebuild). */
export async function blogSnapshotFrom(db: Db): Promise<BlogSnapshot> {
  const rows = await db.select().from(posts).where(visible).orderBy(desc(posts.publishedAt), desc(posts.createdAt)).limit(BLOG_SNAPSHOT_MAX_POSTS);
  // The Markdown source is the editors' business; pages need the sanitised HTML only.
  const views = (await viewsOf(db, rows)).map((post) => ({ ...post, body: '' }));
  return { posts: views, tags: await tagCounts(db, true) };
}

function readPrevious<T>(file: string, empty: T): T {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : empty;
}

/** Whole or not at all: a build reading the file never sees half of it. */
async function writeWhole(file: string, text: string): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

/**
 * Writes the published posts (with the tags and counts) and the published content into `dir`,
 * where the build's pages read them (src/site/snapshot-dir.ts), from `db` (a running server's
 * handle: its embedded database cannot be opened twice) or else the configured database. When
 * a running server holds the embedded database, the previous snapshots in `dir` are kept: the
 * island still loads anything newer from the API.
 * Returns the blog snapshot and a hash of both, so a build is redone when either changed, and
 * one of the content alone.
 */
export async function exportSnapshots(dir: string, db?: Db): Promise<{ blog: BlogSnapshot; hash: string; contentHash: string }> {
  const blogFile = join(dir, BLOG_SNAPSHOT_NAME);
  const contentFile = join(dir, CONTENT_SNAPSHOT_NAME);
  let snapshots: Snapshots;
  try {
    snapshots = db ? await snapshotsFrom(db) : await readFromDatabase();
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.warn(`${error.message}\nPre-rendering the blog and content from the last snapshots instead.`);
    snapshots = { blog: readPrevious(blogFile, { posts: [], tags: [] }), content: readPrevious(contentFile, { sections: {}, images: {}, videos: {} }) };
  }
  const blogText = JSON.stringify(snapshots.blog);
  const contentText = JSON.stringify(snapshots.content);
  await mkdir(dir, { recursive: true });
  await Promise.all([writeWhole(blogFile, blogText), writeWhole(contentFile, contentText)]);
  return {
    blog: snapshots.blog,
    hash: createHash('sha256').update(blogText).update('\n').update(contentText).digest('hex'),
    contentHash: createHash('sha256').update(contentText).digest('hex'),
  };
}
