import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import {
  type ElementCreate,
  ElementCreateSchema,
  ElementHistoryViewSchema,
  ElementReorderSchema,
  ElementRestoreSchema,
  ElementUpdateSchema,
  ElementViewSchema,
  SectionCreateSchema,
  SectionDeleteQuerySchema,
  SectionListQuerySchema,
  SectionReorderSchema,
  SectionUpdateSchema,
  SectionViewSchema,
  MarkdownPreviewSchema,
  ContentPageViewSchema,
  ContentPreviewViewSchema,
  SiteBuildViewSchema,
  VideoCheckSchema,
} from '#src/schemas/content.ts';
import { ImageViewSchema } from '#src/schemas/image-view.ts';
import { imageView, videoView } from '../storage/media-store.ts';
import { VideoViewSchema } from '#src/schemas/video-view.ts';
import { okEnvelope, pageInfoEntries } from '#src/schemas/envelope.ts';
import { PagingSchema, pageInfo } from '#src/schemas/paging.ts';
import type { AppEnv } from '../app-env.ts';
import { adminOnly, requireAdmin, requireStaff, staffOnly } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import {
  contentMedia,
  contentPages,
  createElement,
  createSection,
  deleteElement,
  deleteSection,
  elementHistory,
  elementsOf,
  getElement,
  getSection,
  listSections,
  NO_SUCH_ELEMENT,
  NO_SUCH_MEDIA,
  NO_SUCH_SECTION,
  publishContent,
  reorderElements,
  renderContentMarkdown,
  reorderSections,
  restoreElement,
  updateElement,
  updateSection,
} from './queries.ts';
import { checkVideo } from './video-check.ts';
import { contentFacts } from '#src/site/content-facts.ts';
import { expectRebuild, latestBuilds, latestLiveBuild, queueRebuild, wakeRebuildJob } from './rebuild-queue.ts';
import { type Audience, toBuildView, toElementView, toHistoryView, toSectionView } from './views.ts';
import { safeError } from '../log-safe-error.ts';

const tags = ['Content'];

const sectionId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_SECTION);
const elementId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_ELEMENT);
/** Staff read saved values (drafts); anyone else, what is published. */
const audienceOf = (c: Context<AppEnv>): Audience => (c.var.session?.stage === 'full' ? 'staff' : 'public');

async function sectionView(c: Context<AppEnv>, id: string) {
  const row = await getSection(c.var.db, id);
  return toSectionView(row, await elementsOf(c.var.db, [row.id]), audienceOf(c));
}

const SectionListSchema = v.object({ ...PagingSchema.entries, ...SectionListQuerySchema.entries });

/**
 * `/api/v1/cms`: the six original content calls, plus element update, delete, reordering,
 * history and restore, and publishing. Writes are for signed-in staff (Administrator or
 * Standard); reads are open but show a visitor only what is published.
 */
export const contentRoutes = new Hono<AppEnv>()
  .get(
    '/pages',
    describeRoute({
      tags,
      summary: 'The pages whose copy is content, with their addresses and how many saved changes each has not yet published (an addition to the spec)',
      responses: { 200: answers('The pages', okEnvelope({ pages: v.array(ContentPageViewSchema) })), ...failures(401) },
    }),
    staffOnly,
    async (c) => {
      const pages = await contentPages(c.var.db);
      return sendOk(c, 'Pages', { pages: pages.map((page) => ({ ...page, alsoAt: [...page.alsoAt], updatedAt: page.updatedAt?.toISOString() ?? null })) });
    },
  )
  .get(
    '/facts',
    describeRoute({
      tags,
      summary: 'The site facts a content value may name as {brand} or {salesPhone}, with their values, for the editor to show (an addition to the spec)',
      responses: { 200: answers('The facts by name', okEnvelope({ facts: v.record(v.string(), v.string()) })), ...failures(401) },
    }),
    staffOnly,
    (c) => sendOk(c, 'Site facts', { facts: contentFacts(c.var.config.site) }),
  )
  .post(
    '/preview',
    describeRoute({
      tags,
      summary:
        "Build a preview of the site's pages with the saved (unpublished) content, each text marked with its element for the page editor; the same drafts are built once (an addition to the spec)",
      responses: {
        200: answers('The preview: its pages are served under href, to signed-in staff', okEnvelope({ preview: ContentPreviewViewSchema })),
        ...failures(401, 409, 503),
      },
    }),
    staffOnly,
    async (c) => {
      const previews = c.var.previews;
      if (!previews) throw new HttpError(503, 'Draft previews are not available on this server.');
      try {
        // A request the editor gave up on (it saved again and asked for a newer preview) lets its build go.
        const { id } = await previews.build(c.var.db, c.req.raw.signal);
        return sendOk(c, 'Preview ready', { preview: { id, href: `/preview/${id}` } });
      } catch (error) {
        if (c.req.raw.signal.aborted) throw new HttpError(409, 'A newer preview was asked for.');
        // The content reader's own words say which value a page cannot use; anything else stays in the log.
        const reason = error instanceof Error ? /Content "[^\n]*/.exec(error.message)?.[0] : undefined;
        c.var.log.error('content preview failed', { error: safeError(error) });
        throw new HttpError(409, reason ? `The preview could not be built: ${reason}` : 'The preview could not be built. Try again in a moment.');
      }
    },
  )
  .post(
    '/section',
    describeRoute({
      tags,
      summary: 'Create a content section (name, parent, level, namePath; level and namePath must match the parent)',
      responses: { 201: answers('The new section', okEnvelope({ section: SectionViewSchema })), ...failures(400, 401, 403, 409) },
    }),
    adminOnly,
    validate('json', SectionCreateSchema),
    async (c) => {
      const row = await createSection(c.var.db, c.req.valid('json'), requireAdmin(c).user.id);
      return sendOk(c, 'Section created', { section: toSectionView(row, [], 'staff') }, 201);
    },
  )
  .get(
    '/section',
    describeRoute({
      tags,
      summary: 'List sections (parent=root for the top ones, or a parent id; namePath for a section and everything under it)',
      responses: {
        200: answers('One page of sections with their elements', okEnvelope({ sections: v.array(SectionViewSchema), ...pageInfoEntries })),
        ...failures(400),
      },
    }),
    validate('query', SectionListSchema),
    async (c) => {
      const { page, page_size, parent, namePath } = c.req.valid('query');
      const paging = { page, page_size };
      const { rows, total } = await listSections(c.var.db, { parent: parent === undefined ? undefined : parent === 'root' ? null : parent, namePath }, paging);
      const elements = Map.groupBy(
        await elementsOf(
          c.var.db,
          rows.map((row) => row.id),
        ),
        (element) => element.sectionId,
      );
      const audience = audienceOf(c);
      return sendOk(c, 'Sections', { sections: rows.map((row) => toSectionView(row, elements.get(row.id) ?? [], audience)), ...pageInfo(paging, total) });
    },
  )
  .put(
    '/section/reorder',
    describeRoute({
      tags,
      summary: 'Put the sections under one parent (null: the top) in a new order',
      responses: { 200: answers('Reordered', okEnvelope({})), ...failures(400, 401, 403) },
    }),
    adminOnly,
    validate('json', SectionReorderSchema),
    async (c) => {
      const input = c.req.valid('json');
      await reorderSections(c.var.db, input.parent ?? null, input.ids, requireAdmin(c).user.id);
      return sendOk(c, 'Sections reordered', {});
    },
  )
  .get(
    '/section/:id',
    describeRoute({
      tags,
      summary: 'Read one section with its elements',
      responses: { 200: answers('The section', okEnvelope({ section: SectionViewSchema })), ...failures(404) },
    }),
    async (c) => sendOk(c, 'Section', { section: await sectionView(c, sectionId(c)) }),
  )
  .put(
    '/section/update/:id',
    describeRoute({
      tags,
      summary: 'Rename a section and/or move it under another parent (its subtree follows)',
      responses: { 200: answers('The section', okEnvelope({ section: SectionViewSchema })), ...failures(400, 401, 403, 404, 409) },
    }),
    adminOnly,
    validate('json', SectionUpdateSchema),
    async (c) => {
      const id = sectionId(c);
      await updateSection(c.var.db, id, c.req.valid('json'), requireAdmin(c).user.id);
      return sendOk(c, 'Section updated', { section: await sectionView(c, id) });
    },
  )
  .delete(
    '/section/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete a section; one holding sections or elements only with ?cascade=true (409 otherwise)',
      responses: { 200: answers('Deleted, with how many sections went', okEnvelope({ deletedSections: v.number() })), ...failures(400, 401, 403, 404, 409) },
    }),
    adminOnly,
    validate('query', SectionDeleteQuerySchema),
    async (c) => {
      const id = sectionId(c);
      const { sections } = await deleteSection(c.var.db, id, c.req.valid('query').cascade === 'true', requireAdmin(c).user.id);
      return sendOk(c, 'Section deleted', { deletedSections: sections });
    },
  )
  .post(
    '/element/create',
    describeRoute({
      tags,
      summary: 'Create an element (sectionId, name, fieldType, value, config); a second with the same name in a section is 409',
      responses: { 201: answers('The new element', okEnvelope({ element: ElementViewSchema })), ...failures(400, 401, 403, 409, 429) },
    }),
    adminOnly,
    validate('json', ElementCreateSchema),
    async (c) => {
      const row = await createElement(c.var.db, c.req.valid('json') as ElementCreate, requireAdmin(c).user.id);
      return sendOk(c, 'Element created', { element: toElementView(row, 'staff') }, 201);
    },
  )
  .put(
    '/element/reorder',
    describeRoute({
      tags,
      summary: 'Put the elements of one section in a new order',
      responses: { 200: answers('Reordered', okEnvelope({})), ...failures(400, 401, 403) },
    }),
    adminOnly,
    validate('json', ElementReorderSchema),
    async (c) => {
      const input = c.req.valid('json');
      await reorderElements(c.var.db, input.sectionId, input.ids, requireAdmin(c).user.id);
      return sendOk(c, 'Elements reordered', {});
    },
  )
  .get(
    '/element/:id',
    describeRoute({
      tags,
      summary: 'Read one element (a visitor: only a published one, with its published value)',
      responses: { 200: answers('The element', okEnvelope({ element: ElementViewSchema })), ...failures(404) },
    }),
    async (c) => {
      const row = await getElement(c.var.db, elementId(c));
      const audience = audienceOf(c);
      if (audience === 'public' && !row.publishedAt) throw new HttpError(404, NO_SUCH_ELEMENT);
      return sendOk(c, 'Element', { element: toElementView(row, audience) });
    },
  )
  .put(
    '/element/update/:id',
    describeRoute({
      tags,
      summary: "Save a new value (of the element's own type), settings or name; the replaced value joins the history",
      responses: { 200: answers('The element', okEnvelope({ element: ElementViewSchema })), ...failures(400, 401, 404, 409, 429) },
    }),
    staffOnly,
    validate('json', ElementUpdateSchema),
    async (c) => {
      // The value's rule depends on the element's type, which the body does not carry: checked in updateElement.
      const row = await updateElement(c.var.db, elementId(c), c.req.valid('json'), requireStaff(c).user.id);
      return sendOk(c, 'Element updated', { element: toElementView(row, 'staff') });
    },
  )
  .delete(
    '/element/delete/:id',
    describeRoute({ tags, summary: 'Delete an element', responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 403, 404) } }),
    adminOnly,
    async (c) => {
      await deleteElement(c.var.db, elementId(c), requireAdmin(c).user.id);
      return sendOk(c, 'Element deleted', {});
    },
  )
  .get(
    '/element/:id/history',
    describeRoute({
      tags,
      summary: "An element's earlier values, newest first, with who changed them and when",
      responses: { 200: answers('The history', okEnvelope({ history: v.array(ElementHistoryViewSchema) })), ...failures(401, 404) },
    }),
    staffOnly,
    async (c) => {
      const rows = await elementHistory(c.var.db, elementId(c));
      return sendOk(c, 'Element history', { history: rows.map(toHistoryView) });
    },
  )
  .post(
    '/element/:id/restore',
    describeRoute({
      tags,
      summary: 'Put an earlier value back (the current one joins the history)',
      responses: { 200: answers('The element', okEnvelope({ element: ElementViewSchema })), ...failures(400, 401, 404) },
    }),
    staffOnly,
    validate('json', ElementRestoreSchema),
    async (c) => {
      const row = await restoreElement(c.var.db, elementId(c), c.req.valid('json').historyId, requireStaff(c).user.id);
      return sendOk(c, 'Earlier value restored', { element: toElementView(row, 'staff') });
    },
  )
  .post(
    '/preview/markdown',
    describeRoute({
      tags,
      summary: 'Render a Markdown value as the page will show it (sanitised like posts; staff, for the editor)',
      responses: { 200: answers('The HTML', okEnvelope({ html: v.string() })), ...failures(400, 401, 429) },
    }),
    staffOnly,
    validate('json', MarkdownPreviewSchema),
    async (c) => sendOk(c, 'Preview', { html: await renderContentMarkdown(c.req.valid('json').markdown, 'markdown') }),
  )
  .post(
    '/check/video',
    describeRoute({
      tags,
      summary: "Ask a video's host (YouTube or Vimeo, by oEmbed) whether the address holds a video that can be shown, before it is saved (staff)",
      responses: { 200: answers('The video exists; its title', okEnvelope({ title: v.string() })), ...failures(400, 401) },
    }),
    staffOnly,
    validate('json', VideoCheckSchema),
    async (c) => sendOk(c, 'The video exists', await checkVideo(c.req.valid('json').url)),
  )
  .get(
    '/media/:id',
    describeRoute({
      tags,
      summary: "An uploaded image's variants or an uploaded video's address, for the preview of an image or video element (staff)",
      responses: {
        200: answers('The image or the video (the other is null)', okEnvelope({ image: v.nullable(ImageViewSchema), video: v.nullable(VideoViewSchema) })),
        ...failures(401, 404),
      },
    }),
    staffOnly,
    async (c) => {
      const row = await contentMedia(c.var.db, uuidParam(c, 'id', NO_SUCH_MEDIA));
      const isImage = row.mime.startsWith('image/');
      return sendOk(c, isImage ? 'Image' : 'Video', { image: isImage ? imageView(row) : null, video: isImage ? null : videoView(row) });
    },
  )
  .post(
    '/publish',
    describeRoute({
      tags,
      summary: 'Publish every saved change and queue a site rebuild (or join the one waiting); answers the build',
      responses: {
        202: answers('Published; the build', okEnvelope({ published: v.number(), coalesced: v.boolean(), build: SiteBuildViewSchema })),
        ...failures(401, 403),
      },
    }),
    staffOnly,
    async (c) => {
      const actor = requireStaff(c).user;
      const { published, build, coalesced } = await c.var.db.transaction(async (tx) => {
        const published = await publishContent(tx, actor.id);
        return { published, ...(await queueRebuild(tx, 'content', actor.id)) };
      });
      // After the commit, so the job finds the build.
      wakeRebuildJob();
      const message = coalesced ? 'Published; joined the site build already waiting' : 'Published; the site is being rebuilt';
      return sendOk(c, message, { published, coalesced, build: toBuildView(build) }, 202);
    },
  )
  .post(
    '/publish/prepare',
    describeRoute({
      tags,
      summary:
        "Ready the site builder for a publish soon: sent when staff open a post's or the content's editor, so the build their save causes starts warm (an addition to the spec)",
      responses: {
        202: answers('The builder is readying (or was ready already)', okEnvelope({})),
        ...failures(401, 403),
      },
    }),
    staffOnly,
    (c) => {
      expectRebuild();
      return sendOk(c, 'The site builder is getting ready', {}, 202);
    },
  )
  .get(
    '/publish',
    describeRoute({
      tags,
      summary: 'The latest site builds (queued, building, live or failed with the reason) and the live one',
      responses: {
        200: answers('Builds, newest first', okEnvelope({ builds: v.array(SiteBuildViewSchema), live: v.nullable(SiteBuildViewSchema) })),
        ...failures(401),
      },
    }),
    staffOnly,
    async (c) => {
      const [builds, live] = await Promise.all([latestBuilds(c.var.db), latestLiveBuild(c.var.db)]);
      return sendOk(c, 'Site builds', { builds: builds.map(toBuildView), live: live ? toBuildView(live) : null });
    },
  );
