import { Hono, type Context } from 'hono';
import { sendOk } from '../http/envelope.ts';
import { sendUnavailable } from '../http/unavailable.ts';
import type { DatabaseProbe } from '../db/readiness.ts';
import type { AppEnv } from '../app-env.ts';

/**
 * Health endpoints for load balancers and orchestrators. None of them opens a session or
 * waits in the database's queue: the database's state comes from a shared, cached probe.
 * - `GET /api/v1/health/live`: the process answers (restart it if not).
 * - `GET /api/v1/health/ready`: the database answers, every migration is applied and the
 *   built site is loaded (send it traffic only then).
 * - `GET /api/v1/health`: the database answers (the original check, kept for existing monitors).
 */
export function healthRoutes(deps: { probe: DatabaseProbe; siteLoaded: boolean }) {
  const routes = new Hono<AppEnv>();
  const noStore = (c: Context) => c.header('cache-control', 'no-store');

  routes.get('/', async (c) => {
    noStore(c);
    const { database } = await deps.probe.check();
    if (database === 'up') return sendOk(c, 'OK', { database });
    return sendUnavailable(c, 'The database is not answering.');
  });

  routes.get('/live', (c) => {
    noStore(c);
    return sendOk(c, 'OK', {});
  });

  routes.get('/ready', async (c) => {
    noStore(c);
    const { database, migrations } = await deps.probe.check();
    const site = deps.siteLoaded ? 'loaded' : 'missing';
    const problem =
      database !== 'up'
        ? 'The database is not answering.'
        : migrations !== 'applied'
          ? 'The database migrations are not all applied.'
          : site !== 'loaded'
            ? 'The built site is not loaded.'
            : null;
    if (!problem) return sendOk(c, 'Ready', { database, migrations, site });
    return sendUnavailable(c, problem, { database, migrations, site });
  });

  return routes;
}
