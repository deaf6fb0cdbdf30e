import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { desc } from 'drizzle-orm';
import { loadConfig } from '../server/config.ts';
import { DatabaseInUseError, type Db, openDatabase } from '../server/db/client.ts';
import { posts } from '../server/db/schema.ts';
import { seedBlogPosts } from '../server/posts/seed.ts';
import { tagCounts, viewsOf, visible } from '../server/posts/views.ts';
import { BLOG_SNAPSHOT_FILE, type BlogSnapshot } from '../site/blog-snapshot.ts';

/** More than any broker's blog will hold; the pages list them all, the island pages through the API. */
const MAX_POSTS = 2000;

async function readFromDatabase(): Promise<BlogSnapshot> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    await seedBlogPosts(database.db);
    return await blogSnapshotFrom(database.db);
  } finally {
    await database.close();
  }
}

/** The published posts and tag counts as the build needs them (also used by the running server's rebuild). */
export async function blogSnapshotFrom(db: Db): Promise<BlogSnapshot> {
  const rows = await db.select().from(posts).where(visible).orderBy(desc(posts.publishedAt), desc(posts.createdAt)).limit(MAX_POSTS);
  // The Markdown source is the editors' business; pages need the sanitised HTML only.
  const views = (await viewsOf(db, rows)).map((post) => ({ ...post, body: '' }));
  return { posts: views, tags: await tagCounts(db, true) };
}

/**
 * Writes the published posts (and the tags with counts) for the build to pre-render, from the
 * configured database. When a running server holds the embedded database, the previous
 * snapshot is kept: the island still loads anything newer from the API.
 * Returns a hash of the snapshot, so a build is redone when the posts changed. A running
 * server passes its own handle (`db`): its embedded database cannot be opened twice.
 */
export async function exportBlogSnapshot(db?: Db): Promise<string> {
  let snapshot: BlogSnapshot;
  try {
    snapshot = db ? await blogSnapshotFrom(db) : await readFromDatabase();
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    console.warn(`${error.message}\nPre-rendering the blog from the last snapshot instead.`);
    snapshot = existsSync(BLOG_SNAPSHOT_FILE) ? (JSON.parse(readFileSync(BLOG_SNAPSHOT_FILE, 'utf8')) as BlogSnapshot) : { posts: [], tags: [] };
  }
  const text = JSON.stringify(snapshot);
  mkdirSync(dirname(BLOG_SNAPSHOT_FILE), { recursive: true });
  writeFileSync(BLOG_SNAPSHOT_FILE, text);
  return createHash('sha256').update(text).digest('hex');
}
