import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { DashboardViewSchema } from '#src/schemas/dashboard.ts';
import { okEnvelope } from '#src/schemas/envelope.ts';
import type { AppEnv } from '../app-env.ts';
import { personalDataOnly, requireAccess } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { privacyDue as privacyDueOf } from '../privacy/register/queries.ts';
import { dashboardFigures } from './queries.ts';

const tags = ['Dashboard'];

/** `/api/v1/dashboard`: what came in and what needs attention, for staff who work the enquiries (not Editors: it names customers). */
export const dashboardRoutes = new Hono<AppEnv>().get(
  '/',
  describeRoute({
    tags,
    summary:
      'New requests per period, counts by status, requests per day, renewals due, items needing attention, next steps due (the caller’s own first) and privacy requests due (Administrators and Brokers)',
    responses: { 200: answers('The dashboard figures', okEnvelope({ dashboard: DashboardViewSchema })), ...failures(401, 403) },
  }),
  personalDataOnly,
  async (c) => {
    // Whoever may open the dashboard works the privacy requests too (the same access, personal data).
    const { id } = requireAccess(c, 'personalData').user;
    const [figures, privacyDue] = await Promise.all([dashboardFigures(c.var.db, id), privacyDueOf(c.var.db)]);
    return sendOk(c, 'Dashboard', { dashboard: { ...figures, privacyDue } });
  },
);
