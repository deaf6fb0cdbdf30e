import { Hono } from 'hono';
import { databaseAnswers } from '../db/client.ts';
import { sendFail, sendOk } from '../http/envelope.ts';
import type { AppEnv } from '../app-env.ts';

/** `GET /api/v1/health`: 200 when the database answers, 503 when it does not. */
export const healthRoutes = new Hono<AppEnv>();

healthRoutes.get('/', async (c) => {
  if (await databaseAnswers(c.var.db)) return sendOk(c, 'OK', { database: 'up' });
  return sendFail(c, 503, 'The database is not answering.');
});
