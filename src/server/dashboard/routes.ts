import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { DashboardViewSchema } from '../../schemas/dashboard.ts';
import { okEnvelope } from '../../schemas/envelope.ts';
import type { AppEnv } from '../app-env.ts';
import { staffOnly } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { dashboardFigures } from './queries.ts';

const tags = ['Dashboard'];

/** `/api/v1/dashboard`: what came in and what needs attention, for any signed-in staff member. */
export const dashboardRoutes = new Hono<AppEnv>().get(
  '/',
  describeRoute({
    tags,
    summary: 'New requests per period, counts by status, requests per day, renewals due and items needing attention',
    responses: { 200: answers('The dashboard figures', okEnvelope({ dashboard: DashboardViewSchema })), ...failures(401) },
  }),
  staffOnly,
  async (c) => sendOk(c, 'Dashboard', { dashboard: await dashboardFigures(c.var.db) }),
);
