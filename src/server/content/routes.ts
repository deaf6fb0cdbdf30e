import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  type ElementCreate,
  ElementCreateSchema,
  ElementReorderSchema,
  ElementRestoreSchema,
  SectionCreateSchema,
  SectionListQuerySchema,
  SectionReorderSchema,
  SectionUpdateSchema,
} from '../../schemas/content.ts';
import { pageInfo } from '../../schemas/paging.ts';
import type { AppEnv } from '../app-env.ts';
import { requireStaff } from '../auth/session.ts';
import { HttpError, parseWith, readBody, sendOk } from '../http/envelope.ts';
import { pagingFrom, uuidParam } from '../http/params.ts';
import {
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
  NO_SUCH_SECTION,
  publishContent,
  reorderElements,
  reorderSections,
  restoreElement,
  updateElement,
  updateSection,
} from './queries.ts';
import { latestBuilds, queueRebuild, wakeRebuildJob } from './rebuild-queue.ts';
import { type Audience, toBuildView, toElementView, toHistoryView, toSectionView } from './views.ts';

/**
 * `/api/v1/cms`: spec section 7's six content calls, plus element update, delete, reordering,
 * history and restore, and publishing. Writes are for signed-in staff (Administrator or
 * Standard); reads are open but show a visitor only what is published.
 */
export const contentRoutes = new Hono<AppEnv>();

const sectionId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_SECTION);
const elementId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_ELEMENT);
const audienceOf = (c: Context<AppEnv>): Audience => (c.var.session?.stage === 'full' ? 'staff' : 'public');

async function sectionView(c: Context<AppEnv>, id: string) {
  const row = await getSection(c.var.db, id);
  return toSectionView(row, await elementsOf(c.var.db, [row.id]), audienceOf(c));
}

contentRoutes.post('/section', async (c) => {
  const actor = requireStaff(c).user;
  const input = await readBody(c, SectionCreateSchema);
  const row = await createSection(c.var.db, input, actor.id);
  return sendOk(c, 'Section created', { section: toSectionView(row, [], 'staff') }, 201);
});

contentRoutes.get('/section', async (c) => {
  const query = parseWith(SectionListQuerySchema, { parent: c.req.query('parent'), namePath: c.req.query('namePath') });
  const paging = pagingFrom(c);
  const parent = query.parent === undefined ? undefined : query.parent === 'root' ? null : query.parent;
  const { rows, total } = await listSections(c.var.db, { parent, namePath: query.namePath }, paging);
  const elements = Map.groupBy(
    await elementsOf(
      c.var.db,
      rows.map((row) => row.id),
    ),
    (element) => element.sectionId,
  );
  const audience = audienceOf(c);
  return sendOk(c, 'Sections', { sections: rows.map((row) => toSectionView(row, elements.get(row.id) ?? [], audience)), ...pageInfo(paging, total) });
});

contentRoutes.put('/section/reorder', async (c) => {
  const actor = requireStaff(c).user;
  const input = await readBody(c, SectionReorderSchema);
  await reorderSections(c.var.db, input.parent, input.ids, actor.id);
  return sendOk(c, 'Sections reordered', {});
});

contentRoutes.get('/section/:id', async (c) => sendOk(c, 'Section', { section: await sectionView(c, sectionId(c)) }));

contentRoutes.put('/section/update/:id', async (c) => {
  const actor = requireStaff(c).user;
  const id = sectionId(c);
  const input = await readBody(c, SectionUpdateSchema);
  await updateSection(c.var.db, id, input, actor.id);
  return sendOk(c, 'Section updated', { section: await sectionView(c, id) });
});

const CascadeSchema = v.optional(v.picklist(['true', 'false'], 'cascade is true or false'), 'false');

contentRoutes.delete('/section/delete/:id', async (c) => {
  const actor = requireStaff(c).user;
  const id = sectionId(c);
  const cascade = parseWith(v.object({ cascade: CascadeSchema }), { cascade: c.req.query('cascade') }).cascade === 'true';
  const { sections } = await deleteSection(c.var.db, id, cascade, actor.id);
  return sendOk(c, 'Section deleted', { deletedSections: sections });
});

contentRoutes.post('/element/create', async (c) => {
  const actor = requireStaff(c).user;
  const input = (await readBody(c, ElementCreateSchema)) as ElementCreate;
  const row = await createElement(c.var.db, input, actor.id);
  return sendOk(c, 'Element created', { element: toElementView(row, 'staff') }, 201);
});

contentRoutes.put('/element/reorder', async (c) => {
  const actor = requireStaff(c).user;
  const input = await readBody(c, ElementReorderSchema);
  await reorderElements(c.var.db, input.sectionId, input.ids, actor.id);
  return sendOk(c, 'Elements reordered', {});
});

contentRoutes.get('/element/:id', async (c) => {
  const row = await getElement(c.var.db, elementId(c));
  const audience = audienceOf(c);
  if (audience === 'public' && !row.publishedAt) throw new HttpError(404, NO_SUCH_ELEMENT);
  return sendOk(c, 'Element', { element: toElementView(row, audience) });
});

contentRoutes.put('/element/update/:id', async (c) => {
  const actor = requireStaff(c).user;
  const id = elementId(c);
  // The value's rule depends on the element's type, which the body does not carry.
  const body = await readBody(c, v.looseObject({}));
  const row = await updateElement(c.var.db, id, body, actor.id);
  return sendOk(c, 'Element updated', { element: toElementView(row, 'staff') });
});

contentRoutes.delete('/element/delete/:id', async (c) => {
  const actor = requireStaff(c).user;
  await deleteElement(c.var.db, elementId(c), actor.id);
  return sendOk(c, 'Element deleted', {});
});

contentRoutes.get('/element/:id/history', async (c) => {
  requireStaff(c);
  const rows = await elementHistory(c.var.db, elementId(c));
  return sendOk(c, 'Element history', { history: rows.map(toHistoryView) });
});

contentRoutes.post('/element/:id/restore', async (c) => {
  const actor = requireStaff(c).user;
  const id = elementId(c);
  const { historyId } = await readBody(c, ElementRestoreSchema);
  const row = await restoreElement(c.var.db, id, historyId, actor.id);
  return sendOk(c, 'Earlier value restored', { element: toElementView(row, 'staff') });
});

/** Publishes every saved change and queues a site rebuild (or joins the one waiting); answers the build. */
contentRoutes.post('/publish', async (c) => {
  const actor = requireStaff(c).user;
  const { published, build, coalesced } = await c.var.db.transaction(async (tx) => {
    const published = await publishContent(tx, actor.id);
    return { published, ...(await queueRebuild(tx, 'content', actor.id)) };
  });
  wakeRebuildJob();
  return sendOk(
    c,
    coalesced ? 'Published; joined the site build already waiting' : 'Published; the site is being rebuilt',
    { published, coalesced, build: toBuildView(build) },
    202,
  );
});

contentRoutes.get('/publish', async (c) => {
  requireStaff(c);
  const builds = await latestBuilds(c.var.db);
  return sendOk(c, 'Site builds', { builds: builds.map(toBuildView), live: builds.map(toBuildView).find((build) => build.status === 'live') ?? null });
});
