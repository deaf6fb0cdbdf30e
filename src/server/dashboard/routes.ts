import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { DashboardViewSchema } from '../../schemas/dashboard.ts';
import { okEnvelope } from '../../schemas/envelope.ts';
import type { AppEnv } from '../app-env.ts';
import { requireStaff, staffOnly } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { privacyDue as privacyDueOf } from '../privacy/register/queries.ts';
import { dashboardFigures } from './queries.ts';

const tags = ['Dashboard'];

/** `/api/v1/dashboard`: what came in and what needs attention, for any signed-in staff member. */
export const dashboardRoutes = new Hono<AppEnv>().get(
  '/',
  describeRoute({
    tags,
    summary:
      'New requests per period, counts by status, requests per day, renewals due, items needing attention, next steps due (the caller’s own first) and (Administrators) privacy requests due',
    responses: { 200: answers('The dashboard figures', okEnvelope({ dashboard: DashboardViewSchema })), ...failures(401) },
  }),
  staffOnly,
  async (c) => {
    // The register of privacy requests is the Administrators': others are not told of it.
    const { isAdmin, id } = requireStaff(c).user;
    const [figures, privacyDue] = await Promise.all([dashboardFigures(c.var.db, id), isAdmin ? privacyDueOf(c.var.db) : null]);
    return sendOk(c, 'Dashboard', { dashboard: { ...figures, privacyDue } });
  },
);
