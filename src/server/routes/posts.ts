import { Hono, type Context } from 'hono';
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { PostInputSchema, PostPreviewSchema, postStatuses, withoutBodies, type PostInput, type PostView } from '../../schemas/post.ts';
import { pageInfo } from '../../schemas/paging.ts';
import { slugify } from '../../lib/slug.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { media, posts, postTags, tags } from '../db/schema.ts';
import { HttpError, parseWith, readBody, sendOk } from '../http/envelope.ts';
import { isUuid, pagingFrom, uuidParam } from '../http/params.ts';
import { requireStaff } from '../auth/session.ts';
import { MarkdownRendererBusyError, MarkdownTooComplexError, renderMarkdown } from '../posts/render-markdown.ts';
import { saveTags } from '../posts/tags.ts';
import { tagCounts, viewsOf, visible } from '../posts/views.ts';
import { audit } from '../audit.ts';
import { isUniqueViolation } from '../db/errors.ts';

/** `/api/v1/posts`: the blog. Writes are for signed-in staff; the public reads published posts only. */
export const postRoutes = new Hono<AppEnv>();

type PostRow = typeof posts.$inferSelect;
const NO_SUCH_POST = 'There is no such post.';
const SLUG_TAKEN = 'Another post already uses this slug.';

const isStaff = (c: Context<AppEnv>) => c.var.session?.stage === 'full';

/** `?summary=true` leaves out the bodies: a list of cards needs neither the Markdown nor the HTML. */
function summarised(c: Context<AppEnv>, views: PostView[]): PostView[] {
  return c.req.query('summary') === 'true' ? withoutBodies(views) : views;
}

const NO_SUCH_IMAGE = 'The cover image is no longer stored. Upload it again.';

/** A cover must be an image that was uploaded and passed its checks. */
async function checkCover(db: Db, input: PostInput): Promise<void> {
  if (!input.coverImage) return;
  const [found] = await db.select({ id: media.id }).from(media).where(eq(media.id, input.coverImage));
  if (!found) throw new HttpError(400, NO_SUCH_IMAGE, [{ field: 'coverImage', message: NO_SUCH_IMAGE }]);
}

/** The slug asked for, or one made from the title and numbered until it is free. */
async function chooseSlug(db: Db, input: PostInput, exceptId?: string): Promise<string> {
  const others = (slug: string) =>
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.slug, slug), exceptId ? ne(posts.id, exceptId) : undefined));
  if (input.slug) {
    if ((await others(input.slug)).length) throw new HttpError(409, SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
    return input.slug;
  }
  const base = slugify(input.title) || 'post';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await others(candidate)).length === 0) return candidate;
  }
}

/** The body as sanitised HTML; a text too slow to parse is the author's to fix (400), never a 500. */
async function renderBody(markdown: string): Promise<string> {
  try {
    return await renderMarkdown(markdown);
  } catch (error) {
    if (error instanceof MarkdownTooComplexError) throw new HttpError(400, error.message, [{ field: 'body', message: error.message }]);
    if (error instanceof MarkdownRendererBusyError) throw new HttpError(429, error.message, [], { 'retry-after': '5' });
    throw error;
  }
}

function columnsFor(input: PostInput, slug: string, bodyHtml: string, existing?: PostRow) {
  // Publishing without a date publishes now; a draft keeps whatever date it had.
  const publishedAt = input.publishedAt
    ? new Date(input.publishedAt)
    : input.status === 'published'
      ? (existing?.publishedAt ?? new Date())
      : (existing?.publishedAt ?? null);
  return {
    title: input.title,
    slug,
    excerpt: input.excerpt,
    body: input.body,
    bodyHtml,
    tagText: input.tags.join(' '),
    status: input.status,
    publishedAt,
    coverImage: input.coverImage,
    coverAlt: input.coverAlt,
    seoTitle: input.seoTitle,
    seoDescription: input.seoDescription,
  };
}

const postId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_POST);

postRoutes.post('/create', async (c) => {
  const actor = requireStaff(c).user;
  const { db } = c.var;
  const input = await readBody(c, PostInputSchema);
  await checkCover(db, input);
  const bodyHtml = await renderBody(input.body);
  const slug = await chooseSlug(db, input);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(posts)
        .values({ ...columnsFor(input, slug, bodyHtml), authorId: actor.id })
        .returning();
      await saveTags(tx, created!.id, input.tags);
      await audit(tx, actor.id, 'post created', `post:${created!.id}`);
      return created!;
    });
    const [view] = await viewsOf(db, [row]);
    return sendOk(c, 'Post created.', { post: view }, 201);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
    throw error;
  }
});

postRoutes.put('/update/:id', async (c) => {
  const actor = requireStaff(c).user;
  const { db } = c.var;
  const id = postId(c);
  const input = await readBody(c, PostInputSchema);
  const [existing] = await db.select().from(posts).where(eq(posts.id, id));
  if (!existing) throw new HttpError(404, NO_SUCH_POST);
  await checkCover(db, input);
  const bodyHtml = await renderBody(input.body);
  const slug = input.slug ? await chooseSlug(db, input, id) : existing.slug;
  const row = await db
    .transaction(async (tx) => {
      const [updated] = await tx
        .update(posts)
        .set({ ...columnsFor(input, slug, bodyHtml, existing), updatedAt: sql`now()` })
        .where(eq(posts.id, id))
        .returning();
      // Deleted while this request was on its way: nothing to tag or audit.
      if (!updated) throw new HttpError(404, NO_SUCH_POST);
      await saveTags(tx, id, input.tags);
      await audit(tx, actor.id, 'post updated', `post:${id}`);
      return updated;
    })
    .catch((error: unknown) => {
      // Another post took the slug between the check and this write.
      if (isUniqueViolation(error)) throw new HttpError(409, SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
      throw error;
    });
  const [view] = await viewsOf(db, [row]);
  return sendOk(c, 'Post updated.', { post: view });
});

/** One post by id or slug; the public sees it only once it is published. */
postRoutes.get('/get/:idOrSlug', async (c) => {
  const { db } = c.var;
  const key = c.req.param('idOrSlug');
  const byKey = isUuid(key) ? eq(posts.id, key) : eq(posts.slug, key.toLowerCase());
  const [row] = await db
    .select()
    .from(posts)
    .where(and(byKey, isStaff(c) ? undefined : visible));
  if (!row) throw new HttpError(404, NO_SUCH_POST);
  const [view] = await viewsOf(db, [row]);
  return sendOk(c, 'Post', { post: view });
});

postRoutes.get('/', async (c) => {
  const { db } = c.var;
  const paging = pagingFrom(c);
  const filters: (SQL | undefined)[] = [];
  const status = c.req.query('status');
  if (isStaff(c) && status) filters.push(eq(posts.status, parseWith(v.picklist(postStatuses, 'Unknown status'), status)));
  if (!isStaff(c)) filters.push(visible);
  const tag = c.req.query('tag')?.trim();
  if (tag) {
    filters.push(
      inArray(
        posts.id,
        db
          .select({ id: postTags.postId })
          .from(postTags)
          .innerJoin(tags, eq(tags.id, postTags.tagId))
          .where(eq(sql`lower(${tags.name})`, tag.toLowerCase())),
      ),
    );
  }
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(posts)
      .where(where)
      .orderBy(sql`${posts.publishedAt} desc nulls first`, desc(posts.createdAt))
      .limit(paging.page_size)
      .offset(paging.page * paging.page_size),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return sendOk(c, 'Posts', { data: summarised(c, await viewsOf(db, rows)), ...pageInfo(paging, total?.n ?? 0) });
});

/** Full-text search over title, excerpt, tags and body, best matches first. */
postRoutes.get('/search', async (c) => {
  const { db } = c.var;
  const q = parseWith(
    v.pipe(v.string('Enter something to search for'), v.trim(), v.nonEmpty('Enter something to search for'), v.maxLength(200)),
    c.req.query('q'),
  );
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const rows = await db
    .select()
    .from(posts)
    .where(and(sql`${posts.search} @@ ${query}`, isStaff(c) ? undefined : visible))
    .orderBy(sql`ts_rank(${posts.search}, ${query}) desc`, desc(posts.publishedAt))
    .limit(20);
  return sendOk(c, `${rows.length} found`, { data: summarised(c, await viewsOf(db, rows)) });
});

/** Every tag with the number of posts the reader can see under it. */
postRoutes.get('/tags', async (c) => {
  const { db } = c.var;
  return sendOk(c, 'Tags', { tags: await tagCounts(db, !isStaff(c)) });
});

/** The editor's preview: Markdown rendered and sanitised exactly as it will be published. */
postRoutes.post('/preview', async (c) => {
  requireStaff(c);
  const { body } = await readBody(c, PostPreviewSchema);
  return sendOk(c, 'Preview', { html: await renderBody(body) });
});

postRoutes.delete('/delete/:id', async (c) => {
  const actor = requireStaff(c).user;
  const id = postId(c);
  const deleted = await c.var.db.transaction(async (tx) => {
    const [row] = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
    if (row) await audit(tx, actor.id, 'post deleted', `post:${id}`);
    return row;
  });
  if (!deleted) throw new HttpError(404, NO_SUCH_POST);
  return sendOk(c, 'Post deleted.', {});
});
