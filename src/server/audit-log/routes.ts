import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { AuditEntryViewSchema, AuditFilterSchema, AuditPersonSchema, AuditQuerySchema } from '#src/schemas/audit-log.ts';
import { listPageInfoEntries, okEnvelope } from '#src/schemas/envelope.ts';
import { listPageInfo } from '#src/schemas/paging.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import type { AppEnv } from '../app-env.ts';
import { audit } from '../audit.ts';
import { adminOnly, requireAdmin } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';
import { listRequest } from '../db/keyset.ts';
import { toCsv } from '../leads/csv.ts';
import { recordNames } from '../db/record-names.ts';
import { auditPeople, exportAudit, listAudit } from './queries.ts';
import { AUDIT_CSV_HEADER, toAuditCsvRow, toAuditEntryView } from './views.ts';

const tags = ['Audit log'];

/** `/api/v1/audit`: who did what to which record and when; Administrators only. */
export const auditRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: 'List audit entries, newest first, filtered by person, kind of record, action and Dublin dates',
      responses: {
        200: answers(
          'One page of the audit log, and the people who appear in it',
          okEnvelope({ entries: v.array(AuditEntryViewSchema), people: v.array(AuditPersonSchema), ...listPageInfoEntries }),
        ),
        ...failures(400, 401, 403),
      },
    }),
    adminOnly,
    validate('query', AuditQuerySchema),
    async (c) => {
      const { page, page_size, cursor, sort, ...filter } = c.req.valid('query');
      const paging = listRequest({ page, page_size, cursor }, c.var.config);
      const [list, people] = await Promise.all([listAudit(c.var.db, filter, paging, sort), auditPeople(c.var.db)]);
      const names = await recordNames(
        c.var.db,
        list.rows.map((row) => row.target),
      );
      return sendOk(c, 'Audit log', {
        entries: list.rows.map((row) => toAuditEntryView(row, names)),
        people: people.map((person) => ({ _id: person.id, name: `${person.firstName} ${person.lastName}`.trim() })),
        ...listPageInfo(paging, list),
      });
    },
  )
  .get(
    '/export',
    describeRoute({
      tags,
      summary: 'The audit log as filtered, as CSV (times in ISO 8601 with Dublin’s offset); the export is itself recorded',
      responses: { 200: { description: 'CSV file', content: { 'text/csv': { schema: { type: 'string' } } } }, ...failures(400, 401, 403) },
    }),
    adminOnly,
    validate('query', AuditFilterSchema),
    async (c) => {
      const actor = requireAdmin(c);
      const filter = c.req.valid('query');
      const rows = await exportAudit(c.var.db, filter);
      // The log names people and their addresses: exporting it is recorded like any export of personal data.
      await audit(c.var.db, actor.user.id, 'audit log exported', null, { rows: rows.length, filter });
      c.header('content-type', 'text/csv; charset=utf-8');
      c.header('content-disposition', `attachment; filename="audit-log-${todayInIreland()}.csv"`);
      return c.body(toCsv([AUDIT_CSV_HEADER, ...rows.map(toAuditCsvRow)]));
    },
  );
