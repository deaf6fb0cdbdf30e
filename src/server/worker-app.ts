import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import type { AppEnv } from './app-env.ts';
import type { Db } from './db/client.ts';
import { createDatabaseProbe } from './db/readiness.ts';
import type { Logger } from './log.ts';
import { METRICS_PATH, type Metrics } from './ops/metrics.ts';
import { healthRoutes } from './routes/health.ts';
import { requestLog } from './http/middleware.ts';

/**
 * What a ROLE=worker process answers over HTTP: its health, for the orchestrator that restarts
 * it, and its metrics (the site builds are counted here). Pages and the API are the web
 * servers'; everything else is 404.
 */
export function createWorkerApp({ db, log, metrics }: { db: Db; log: Logger; metrics: Metrics }) {
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(metrics.middleware);
  app.use(requestLog(log));
  app.route(METRICS_PATH, metrics.routes);
  app.route('/api/v1/health', healthRoutes({ probe: createDatabaseProbe(db), site: 'not served' }));
  return app;
}
