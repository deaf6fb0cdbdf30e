import { Hono, type Context } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { okEnvelope } from '#src/schemas/envelope.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { sendUnavailable } from '../http/unavailable.ts';
import type { DatabaseProbe } from '../db/readiness.ts';
import type { AppEnv } from '../app-env.ts';

/** The built site in this process: loaded, missing, or not served here at all (a ROLE=worker process). */
export type SiteState = 'loaded' | 'missing' | 'not served';

/**
 * Health endpoints for load balancers and orchestrators. None of them opens a session or
 * waits in the database's queue: the database's state comes from a shared, cached probe.
 * - `GET /api/v1/health/live`: the process answers (restart it if not).
 * - `GET /api/v1/health/ready`: the database answers, every migration is applied and the
 *   built site is loaded (send it traffic only then).
 * - `GET /api/v1/health`: the database answers (the original check, kept for existing monitors).
 */
export function healthRoutes(deps: { probe: DatabaseProbe; site: SiteState }) {
  const noStore = (c: Context) => c.header('cache-control', 'no-store');
  const tags = ['Health'];
  const state = v.object({ database: v.string(), migrations: v.string(), site: v.string() });

  return new Hono<AppEnv>()
    .get(
      '/',
      describeRoute({
        tags,
        summary: 'The database answers (the original check)',
        responses: { 200: answers('Up', okEnvelope({ database: v.string() })), ...failures(503) },
      }),
      async (c) => {
        noStore(c);
        const { database } = await deps.probe.check();
        if (database === 'up') return sendOk(c, 'OK', { database });
        return sendUnavailable(c, 'The database is not answering.');
      },
    )
    .get('/live', describeRoute({ tags, summary: 'The process answers (liveness)', responses: { 200: answers('Alive', okEnvelope({})) } }), (c) => {
      noStore(c);
      return sendOk(c, 'OK', {});
    })
    .get(
      '/ready',
      describeRoute({
        tags,
        summary: 'Database up, migrations applied, built site loaded (readiness)',
        responses: {
          200: answers('Ready', okEnvelope(state.entries)),
          503: answers(
            'Not ready: the body says which part',
            v.object({ ok: v.literal(false), message: v.string(), errors: v.array(v.object({ field: v.string(), message: v.string() })), ...state.entries }),
          ),
        },
      }),
      async (c) => {
        noStore(c);
        const { database, migrations } = await deps.probe.check();
        const site = deps.site;
        const problem =
          database !== 'up'
            ? 'The database is not answering.'
            : migrations !== 'applied'
              ? 'The database migrations are not all applied.'
              : site === 'missing'
                ? 'The built site is not loaded.'
                : null;
        if (!problem) return sendOk(c, 'Ready', { database, migrations, site });
        return sendUnavailable(c, problem, { database, migrations, site });
      },
    );
}
