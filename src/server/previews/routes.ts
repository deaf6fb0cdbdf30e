import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { okEnvelope } from '#src/schemas/envelope.ts';
import { PreviewShareInputSchema, PreviewShareViewSchema } from '#src/schemas/preview-share.ts';
import { postPath } from '#src/lib/blog.ts';
import type { AppEnv } from '../app-env.ts';
import { requireStaff, staffOnly } from '../auth/session.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { posts } from '../db/schema.ts';
import { answers, failures } from '../http/describe.ts';
import { HttpError, sendOk } from '../http/envelope.ts';
import { uuidParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { NO_SUCH_POST } from '../posts/routes.ts';
import { viewsOf } from '../posts/views.ts';
import { SHARED_PREVIEW_PREFIX } from '../routes/preview-pages.ts';
import { createShare, deleteShare, NO_SUCH_SHARE } from './queries.ts';
import { safeError } from '../log-safe-error.ts';

const tags = ['Previews'];

const NOT_A_PAGE = 'Choose a page of the site';

/**
 * `/api/v1/previews` (an addition to the spec): links that show a draft (a page with the saved
 * changes, or a post not yet published) to someone without an account, until they expire.
 */
export const previewRoutes = new Hono<AppEnv>()
  .post(
    '/share',
    describeRoute({
      tags,
      summary: 'Make an unguessable link to a draft page or post that works for a week without signing in (staff; audited)',
      responses: { 201: answers('The link, shown once', okEnvelope({ share: PreviewShareViewSchema })), ...failures(400, 401, 404, 409, 503) },
    }),
    staffOnly,
    validate('json', PreviewShareInputSchema),
    async (c) => {
      const { db, previews, config, log } = c.var;
      const actor = requireStaff(c).user;
      if (!previews) throw new HttpError(503, 'Draft previews are not available on this server.');
      const input = c.req.valid('json');
      let share: { kind: 'page' | 'post'; target: string; path: string };
      let build: () => Promise<{ id: string }>;
      if (input.kind === 'post') {
        const [row] = await db.select().from(posts).where(eq(posts.id, input.id));
        if (!row) throw new HttpError(404, NO_SUCH_POST);
        const [view] = await viewsOf(db, [row]);
        share = { kind: 'post', target: row.id, path: postPath(row.slug) };
        build = () => previews.buildWithPost(db, view!);
      } else {
        if (!seedPages.some((page) => page.path === input.path)) throw new HttpError(400, NOT_A_PAGE, [{ field: 'path', message: NOT_A_PAGE }]);
        share = { kind: 'page', target: input.path, path: input.path };
        build = () => previews.build(db);
      }
      let previewId: string;
      try {
        previewId = (await build()).id;
      } catch (error) {
        log.error('shared preview failed', { error: safeError(error) });
        throw new HttpError(409, 'The preview could not be built. Try again in a moment.');
      }
      const { row, token } = await createShare(db, share, actor.id);
      try {
        await previews.share(previewId, row.id);
      } catch (error) {
        // A link to nothing is worse than none: it goes again.
        await deleteShare(db, row.id, actor.id);
        throw error;
      }
      const url = new URL(`${SHARED_PREVIEW_PREFIX}/${token}${share.path === '/' ? '/' : `${share.path}/`}`, `${config.site.origin}/`).href;
      return sendOk(c, 'Anyone with this link can see the preview for a week.', { share: { _id: row.id, url, expiresAt: row.expiresAt.toISOString() } }, 201);
    },
  )
  .delete(
    '/share/:id',
    describeRoute({
      tags,
      summary: 'Withdraw a shared preview link before it expires (staff; audited)',
      responses: { 200: answers('Withdrawn', okEnvelope({})), ...failures(401, 404) },
    }),
    staffOnly,
    async (c) => {
      const row = await deleteShare(c.var.db, uuidParam(c, 'id', NO_SUCH_SHARE), requireStaff(c).user.id);
      if (!row) throw new HttpError(404, NO_SUCH_SHARE);
      await c.var.previews?.unshare(row.id);
      return sendOk(c, 'The link no longer works.', {});
    },
  );
