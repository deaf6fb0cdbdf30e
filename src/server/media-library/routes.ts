import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import {
  MEDIA_BULK_MAX,
  MediaBulkDeleteSchema,
  MediaDetailViewSchema,
  MediaKeptViewSchema,
  MediaListQuerySchema,
  MediaReplaceSchema,
  MediaUpdateSchema,
  MediaViewSchema,
} from '#src/schemas/media.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import type { AppEnv } from '../app-env.ts';
import { requireStaff, staffOnly } from '../auth/session.ts';
import { listRequest } from '../db/keyset.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { deleteManyMedia, deleteMedia, findMedia, listMedia, mediaUsages, NO_SUCH_MEDIA, replaceMedia, updateMedia } from './queries.ts';
import { toMediaDetailView, toMediaView } from './views.ts';

const tags = ['Media library'];

const places = (count: number) => (count === 1 ? 'one place' : `${count} places`);
const uploads = (count: number) => (count === 1 ? 'one upload' : `${count} uploads`);

/** What a bulk delete did, in one sentence or three: how many went, which were kept as used, and any already gone. */
export function bulkDeleteMessage(outcome: { deleted: string[]; kept: { name: string }[]; missing: number }): string {
  const parts = [outcome.deleted.length === 0 ? 'Nothing was deleted.' : `Deleted ${uploads(outcome.deleted.length)}.`];
  if (outcome.kept.length > 0)
    parts.push(
      `Kept ${outcome.kept.length === 1 ? 'one' : outcome.kept.length} still in use: ${outcome.kept.map((item) => item.name).join(', ')}. Replace ${outcome.kept.length === 1 ? 'it' : 'them'} where used first.`,
    );
  if (outcome.missing > 0) parts.push(`${outcome.missing === 1 ? 'One was' : `${outcome.missing} were`} already gone.`);
  return parts.join(' ');
}

/**
 * `/api/v1/media`: the media library (an addition to the spec). Every image and video staff
 * uploaded, with what it shows and where it is used; an upload still used cannot be deleted,
 * and one may take another's place everywhere at once. Uploading stays at `/api/v1/uploads`.
 */
export const mediaLibraryRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary:
        'List the library, newest first or by `sort` (oldest, name, size): images or videos, with words in the file name, alt text or caption; how many places use each',
      responses: { 200: answers('One page of uploads', okEnvelope({ media: v.array(MediaViewSchema), ...listPageInfoEntries })), ...failures(400, 401) },
    }),
    staffOnly,
    validate('query', MediaListQuerySchema),
    async (c) => {
      const { page, page_size, cursor, ...filter } = c.req.valid('query');
      const paging = listRequest({ page, page_size, cursor }, c.var.config);
      const list = await listMedia(c.var.db, filter, paging);
      return sendOk(c, 'Media', { media: list.rows.map(toMediaView), ...listPageInfo(paging, list) });
    },
  )
  .get(
    '/get/:id',
    describeRoute({
      tags,
      summary: 'One upload, with every post and page element that uses it',
      responses: { 200: answers('The upload', okEnvelope({ media: MediaDetailViewSchema })), ...failures(401, 404) },
    }),
    staffOnly,
    async (c) => {
      const id = uuidParam(c, 'id', NO_SUCH_MEDIA);
      const [row, usages] = await Promise.all([findMedia(c.var.db, id), mediaUsages(c.var.db, id)]);
      return sendOk(c, 'Media', { media: toMediaDetailView(row, usages) });
    },
  )
  .put(
    '/update/:id',
    describeRoute({
      tags,
      summary: 'Save what the picture shows (alt text) and its caption',
      responses: { 200: answers('Saved', okEnvelope({ media: MediaViewSchema })), ...failures(400, 401, 404) },
    }),
    staffOnly,
    validate('json', MediaUpdateSchema),
    async (c) => {
      const actor = requireStaff(c).user;
      const row = await updateMedia(c.var.db, uuidParam(c, 'id', NO_SUCH_MEDIA), c.req.valid('json'), actor.id);
      return sendOk(c, 'Saved.', { media: toMediaView(row) });
    },
  )
  .post(
    '/replace/:id',
    describeRoute({
      tags,
      summary: "Put another upload of the same kind wherever this one is used: posts' covers at once, pages' saved values (shown once published)",
      responses: { 200: answers('How many places changed', okEnvelope({ posts: v.number(), elements: v.number() })), ...failures(400, 401, 404) },
    }),
    staffOnly,
    validate('json', MediaReplaceSchema),
    async (c) => {
      const actor = requireStaff(c).user;
      const changed = await replaceMedia(c.var.db, uuidParam(c, 'id', NO_SUCH_MEDIA), c.req.valid('json').replacement, actor.id);
      const total = changed.posts + changed.elements;
      const message =
        total === 0
          ? 'Nothing used it yet: nothing changed.'
          : `Replaced in ${places(total)}.${changed.elements > 0 ? ' Publish the pages to show it on the site.' : ''}`;
      return sendOk(c, message, changed);
    },
  )
  .post(
    '/delete-many',
    describeRoute({
      tags,
      summary: `Delete up to ${MEDIA_BULK_MAX} uploads at once: those nothing uses go (with their files), those still used are kept and named`,
      responses: {
        200: answers(
          'Which were deleted and which were kept as still used',
          okEnvelope({ deleted: v.array(v.string()), kept: v.array(MediaKeptViewSchema), missing: v.number() }),
        ),
        ...failures(400, 401),
      },
    }),
    staffOnly,
    validate('json', MediaBulkDeleteSchema),
    async (c) => {
      const actor = requireStaff(c).user;
      const outcome = await deleteManyMedia(c.var.db, c.req.valid('json').ids, actor.id, c.var.objects);
      return sendOk(c, bulkDeleteMessage(outcome), outcome);
    },
  )
  .delete(
    '/delete/:id',
    describeRoute({
      tags,
      summary: 'Delete an upload and its files; refused (409) while a post or page element uses it',
      responses: { 200: answers('Deleted', okEnvelope({})), ...failures(401, 404, 409) },
    }),
    staffOnly,
    async (c) => {
      const actor = requireStaff(c).user;
      await deleteMedia(c.var.db, uuidParam(c, 'id', NO_SUCH_MEDIA), actor.id, c.var.objects);
      return sendOk(c, 'Upload deleted.', {});
    },
  );
