import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import { and, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import {
  type PostInput,
  PostInputSchema,
  PostListQuerySchema,
  PostPreviewSchema,
  PostSearchQuerySchema,
  postStatuses,
  withoutBodies,
  type PostView,
} from '#src/schemas/post.ts';
import { PostStatusCountsSchema, PostViewSchema, TagCountSchema } from '#src/schemas/post-view.ts';
import { PostBulkSchema } from '#src/schemas/post-bulk.ts';
import { BULK_MAX } from '#src/schemas/pipeline.ts';
import type { AppEnv } from '../app-env.ts';
import { posts, postTags, tags as tagTable } from '../db/schema.ts';
import { postsWritten } from '../content/rebuild-queue.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, parseWith, sendOk } from '../http/envelope.ts';
import { isUuid, uuidParamCheck } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { listRequest } from '../db/keyset.ts';
import { requireStaff, staffOnly } from '../auth/session.ts';
import { audit } from '../audit.ts';
import { changesDetail, foldIntoLatestEntry } from '../audit-changes.ts';
import { postChanges } from './audited-fields.ts';
import { holdPictures, chooseSlug, columnsFor, listPosts, postStatusCounts, renderBody, SLUG_TAKEN } from './queries.ts';
import { saveTags, tagsOf } from './tags.ts';
import { findRevision, listRevisions, NO_SUCH_REVISION, recordRevision } from './revisions.ts';
import { PostRevisionSummarySchema, PostRevisionViewSchema } from '#src/schemas/post-revision.ts';
import type { Db } from '../db/client.ts';
import { uuidParam } from '../http/params.ts';
import { recordMove } from '../redirects/queries.ts';
import { postAddress } from '../redirects/served.ts';
import { queuePostPublished } from '../webhooks/queries.ts';
import { tagCounts, viewsOf, visible, visibleNow } from './views.ts';
import { bulkChangePosts } from './bulk.ts';

export const NO_SUCH_POST = 'There is no such post.';
const tags = ['Posts'];
const postAnswer = okEnvelope({ post: PostViewSchema });
const knownId = uuidParamCheck(NO_SUCH_POST);

const isStaff = (c: Context<AppEnv>) => c.var.session?.stage === 'full';

/** `?summary=true` leaves out the bodies: a list of cards needs neither the Markdown nor the HTML. */
function summarised(summary: string | undefined, views: PostView[]): PostView[] {
  return summary === 'true' ? withoutBodies(views) : views;
}

/**
 * Saves a post's fields (an edit, or an earlier version restored): the cover checked and held,
 * the row locked while its address may move (a public post's old address then redirects), its
 * tags, this save kept as a revision and the audit entry, in one transaction.
 */
async function savePost(db: Db, origin: string, id: string, input: PostInput, actorId: string, action: 'post updated' | 'post restored') {
  const [existing] = await db.select().from(posts).where(eq(posts.id, id));
  if (!existing) throw new HttpError(404, NO_SUCH_POST);
  const bodyHtml = await renderBody(input.body);
  const slug = input.slug ? await chooseSlug(db, input, id) : existing.slug;
  return db
    .transaction(async (tx) => {
      await holdPictures(tx, input);
      // The post as it is now, held until this write commits: its public address may be moving.
      const [before] = await tx
        .select({ ...getTableColumns(posts), public: sql<boolean>`${visibleNow}` })
        .from(posts)
        .where(eq(posts.id, id))
        .for('update');
      const tagsBefore = (await tagsOf(tx, [id])).get(id) ?? [];
      const [updated] = await tx
        .update(posts)
        .set({ ...columnsFor(input, slug, bodyHtml, existing), updatedAt: sql`now()` })
        .where(eq(posts.id, id))
        .returning({ ...getTableColumns(posts), public: sql<boolean>`${visibleNow}` });
      // Deleted while this request was on its way: nothing to tag or audit.
      if (!updated || !before) throw new HttpError(404, NO_SUCH_POST);
      // A public post that stays public: its old address sends visitors (and every link to it) to
      // the new one. One withdrawn as it moves keeps its new address to itself.
      if (before.public && updated.public && before.slug !== updated.slug) await recordMove(tx, postAddress(before.slug), postAddress(updated.slug), actorId);
      await saveTags(tx, id, input.tags);
      const kept = await recordRevision(tx, updated, input.tags, actorId, { mergeDrafts: action === 'post updated' });
      // A draft's saves folded into one version are one entry in the log too: the first of them.
      const changes = postChanges(before, tagsBefore, updated, input.tags);
      // Folded into the run's entry, which then says what the whole run changed.
      const folded = kept === 'merged' && (await foldIntoLatestEntry(tx, actorId, `post:${id}`, ['post updated', 'post restored'], changes));
      if (!folded) await audit(tx, actorId, action, `post:${id}`, changesDetail(changes));
      if (!before.public && updated.public) await queuePostPublished(tx, origin, updated);
      return updated;
    })
    .catch((error: unknown) => {
      // Another post took the slug between the check and this write.
      if (isUniqueViolation(error)) throw new HttpError(409, SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
      throw error;
    });
}

/** `/api/v1/posts`: the blog. Writes are for signed-in staff; the public reads published posts only. */
export const postRoutes = new Hono<AppEnv>()
  // A write that may have changed the published posts: the site rebuild starts now, not at the job's next check.
  .use(async (c, next) => {
    await next();
    if (c.req.method !== 'GET' && c.res.status < 300) postsWritten();
  })
  .post(
    '/create',
    describeRoute({ tags, summary: 'Write a post (staff)', responses: { 201: answers('Created', postAnswer), ...failures(400, 401, 409, 429) } }),
    staffOnly,
    validate('json', PostInputSchema),
    async (c) => {
      const actor = requireStaff(c).user;
      const { db } = c.var;
      const input = c.req.valid('json');
      const bodyHtml = await renderBody(input.body);
      const slug = await chooseSlug(db, input);
      try {
        const row = await db.transaction(async (tx) => {
          await holdPictures(tx, input);
          const [created] = await tx
            .insert(posts)
            .values({ ...columnsFor(input, slug, bodyHtml), authorId: actor.id })
            .returning({ ...getTableColumns(posts), public: sql<boolean>`${visibleNow}` });
          await saveTags(tx, created!.id, input.tags);
          await recordRevision(tx, created!, input.tags, actor.id);
          await audit(tx, actor.id, 'post created', `post:${created!.id}`);
          if (created!.public) await queuePostPublished(tx, c.var.config.site.origin, created!);
          return created!;
        });
        const [view] = await viewsOf(db, [row]);
        return sendOk(c, 'Post created.', { post: view! }, 201);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, SLUG_TAKEN, [{ field: 'slug', message: SLUG_TAKEN }]);
        throw error;
      }
    },
  )
  .put(
    '/update/:id',
    describeRoute({ tags, summary: 'Change a post (staff)', responses: { 200: answers('Changed', postAnswer), ...failures(400, 401, 404, 409, 429) } }),
    staffOnly,
    knownId,
    validate('json', PostInputSchema),
    async (c) => {
      const actor = requireStaff(c).user;
      const row = await savePost(c.var.db, c.var.config.site.origin, c.req.param('id'), c.req.valid('json'), actor.id, 'post updated');
      const [view] = await viewsOf(c.var.db, [row]);
      return sendOk(c, 'Post updated.', { post: view! });
    },
  )
  .get(
    '/revisions/:id',
    describeRoute({
      tags,
      summary: 'Every save of a post, newest first: when, by whom, its title then (staff)',
      responses: { 200: answers('The saves', okEnvelope({ revisions: v.array(PostRevisionSummarySchema) })), ...failures(401, 404) },
    }),
    staffOnly,
    knownId,
    async (c) => sendOk(c, 'Revisions', { revisions: await listRevisions(c.var.db, c.req.param('id')) }),
  )
  .get(
    '/revisions/:id/:revisionId',
    describeRoute({
      tags,
      summary: 'One earlier save of a post, whole, to compare with the post now (staff)',
      responses: { 200: answers('The save', okEnvelope({ revision: PostRevisionViewSchema })), ...failures(401, 404) },
    }),
    staffOnly,
    knownId,
    async (c) => {
      const revisionId = uuidParam(c, 'revisionId', NO_SUCH_REVISION);
      return sendOk(c, 'Revision', { revision: await findRevision(c.var.db, c.req.param('id'), revisionId) });
    },
  )
  .post(
    '/restore/:id/:revisionId',
    describeRoute({
      tags,
      summary: 'Save an earlier version of a post again, as a new save (staff; audited)',
      responses: { 200: answers('Restored', postAnswer), ...failures(400, 401, 404, 409) },
    }),
    staffOnly,
    knownId,
    async (c) => {
      const actor = requireStaff(c).user;
      const id = c.req.param('id');
      const revision = await findRevision(c.var.db, id, uuidParam(c, 'revisionId', NO_SUCH_REVISION));
      // Today's rules decide: an old save that no longer passes them says why, field by field.
      const input = parseWith(PostInputSchema, revision.fields);
      const row = await savePost(c.var.db, c.var.config.site.origin, id, input, actor.id, 'post restored');
      const [view] = await viewsOf(c.var.db, [row]);
      return sendOk(c, 'The earlier version is restored.', { post: view! });
    },
  )
  /** One post by id or slug; the public sees it only once it is published. */
  .get(
    '/get/:idOrSlug',
    describeRoute({
      tags,
      summary: 'Read one post by id or slug (the public: published posts only)',
      responses: { 200: answers('The post', postAnswer), ...failures(404) },
    }),
    async (c) => {
      const { db } = c.var;
      const key = c.req.param('idOrSlug');
      const byKey = isUuid(key) ? eq(posts.id, key) : eq(posts.slug, key.toLowerCase());
      const [row] = await db
        .select()
        .from(posts)
        .where(and(byKey, isStaff(c) ? undefined : visible));
      if (!row) throw new HttpError(404, NO_SUCH_POST);
      const [view] = await viewsOf(db, [row]);
      return sendOk(c, 'Post', { post: view! });
    },
  )
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'List posts, newest first, by tag (the public: published posts only; staff: any, by status, with how many posts each status holds)',
      responses: {
        200: answers(
          'One page of posts',
          okEnvelope({ data: v.array(PostViewSchema), status_counts: v.optional(PostStatusCountsSchema), ...listPageInfoEntries }),
        ),
        ...failures(400),
      },
    }),
    validate('query', PostListQuerySchema),
    async (c) => {
      const { db } = c.var;
      const query = c.req.valid('query');
      const paging = listRequest(query, c.var.config);
      const filters: (SQL | undefined)[] = [];
      if (isStaff(c) && query.status) filters.push(eq(posts.status, parseWith(v.picklist(postStatuses, 'Unknown status'), query.status)));
      if (!isStaff(c)) filters.push(visible);
      const tag = query.tag?.trim();
      if (tag) {
        filters.push(
          inArray(
            posts.id,
            db
              .select({ id: postTags.postId })
              .from(postTags)
              .innerJoin(tagTable, eq(tagTable.id, postTags.tagId))
              .where(eq(sql`lower(${tagTable.name})`, tag.toLowerCase())),
          ),
        );
      }
      const page = await listPosts(db, and(...filters), paging);
      // Staff see every status, and how many posts each holds (the list's views); the public only what is published.
      const counts = isStaff(c) ? { status_counts: await postStatusCounts(db) } : {};
      return sendOk(c, 'Posts', { data: summarised(query.summary, await viewsOf(db, page.rows)), ...counts, ...listPageInfo(paging, page) });
    },
  )
  /** Full-text search over title, excerpt, tags and body, best matches first. */
  .get(
    '/search',
    describeRoute({
      tags,
      summary: 'Search posts (title, excerpt, tags and body), best matches first, 20 at most',
      responses: { 200: answers('The matches', okEnvelope({ data: v.array(PostViewSchema) })), ...failures(400) },
    }),
    validate('query', PostSearchQuerySchema),
    async (c) => {
      const { db } = c.var;
      const { summary, q: asked } = c.req.valid('query');
      const q = parseWith(v.pipe(v.string('Enter something to search for'), v.trim(), v.nonEmpty('Enter something to search for'), v.maxLength(200)), asked);
      const query = sql`websearch_to_tsquery('english', ${q})`;
      const rows = await db
        .select()
        .from(posts)
        .where(and(sql`${posts.search} @@ ${query}`, isStaff(c) ? undefined : visible))
        .orderBy(sql`ts_rank(${posts.search}, ${query}) desc`, desc(posts.publishedAt))
        .limit(20);
      return sendOk(c, `${rows.length} found`, { data: summarised(summary, await viewsOf(db, rows)) });
    },
  )
  /** Every tag with the number of posts the reader can see under it. */
  .get(
    '/tags',
    describeRoute({
      tags,
      summary: 'Every tag with its number of posts (visible to the reader)',
      responses: { 200: answers('The tags', okEnvelope({ tags: v.array(TagCountSchema) })) },
    }),
    async (c) => sendOk(c, 'Tags', { tags: await tagCounts(c.var.db, !isStaff(c)) }),
  )
  /** The editor's preview: Markdown rendered and sanitised exactly as it will be published. */
  .post(
    '/preview',
    describeRoute({
      tags,
      summary: 'Render Markdown as it will be published (staff)',
      responses: { 200: answers('The HTML', okEnvelope({ html: v.string() })), ...failures(400, 401, 429) },
    }),
    staffOnly,
    validate('json', PostPreviewSchema),
    async (c) => sendOk(c, 'Preview', { html: await renderBody(c.req.valid('json').body) }),
  )
  .post(
    '/bulk',
    describeRoute({
      tags,
      summary: `Publish now, make drafts of, or delete up to ${BULK_MAX} posts at once: all or none (staff; audited)`,
      responses: { 200: answers('Done; `changed` says how many posts changed', okEnvelope({ changed: v.number() })), ...failures(400, 401, 404) },
    }),
    staffOnly,
    validate('json', PostBulkSchema),
    async (c) => {
      const change = c.req.valid('json');
      const changed = await bulkChangePosts(c.var.db, c.var.config.site.origin, requireStaff(c).user.id, change);
      const noun = changed === 1 ? 'post' : 'posts';
      const done = change.action === 'delete' ? 'deleted' : change.status === 'published' ? 'published' : 'made drafts';
      return sendOk(c, `${changed} ${noun} ${done}.`, { changed });
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({ tags, summary: 'Delete a post (staff; audited)', responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 404) } }),
    staffOnly,
    knownId,
    async (c) => {
      const actor = requireStaff(c).user;
      const id = c.req.param('id');
      const deleted = await c.var.db.transaction(async (tx) => {
        const [row] = await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
        if (row) await audit(tx, actor.id, 'post deleted', `post:${id}`);
        return row;
      });
      if (!deleted) throw new HttpError(404, NO_SUCH_POST);
      return sendOk(c, 'Post deleted.', {});
    },
  );
