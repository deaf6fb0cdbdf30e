import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { okEnvelope } from '#src/schemas/envelope.ts';
import { PrivacyExportSchema, PrivacyRequestSchema } from '#src/schemas/privacy.ts';
import { ErasureViewSchema, PersonDataViewSchema } from '#src/schemas/privacy-view.ts';
import type { AppEnv } from '../app-env.ts';
import { personalDataOnly, requireAccess } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';
import { auditAccess, erasePersonData, findPersonData } from './queries.ts';
import { readableExport } from './readable-export.ts';
import { checkRegisterLink } from './register/queries.ts';
import { privacyRegisterRoutes } from './register/routes.ts';
import { removeLeadFiles, removeMailFiles } from './stored-files.ts';
import { toPersonDataExport, toPersonDataView } from './views.ts';

const tags = ['Privacy requests'];

/**
 * `/api/v1/privacy`: data-subject requests (GDPR articles 15 and 17), for Administrators and Brokers (personal data).
 * The person is named by their email address in a POST body (never in the address, which
 * proxies log). Every look-up, export and erasure is audited with a request id and counts,
 * never the address or the data; one made for a request of the register names it
 * (`registerId`, checked to hold the same address), and shows on that request's timeline. The
 * register of requests is under `/requests`.
 */
export const privacyRoutes = new Hono<AppEnv>()
  .route('/requests', privacyRegisterRoutes)
  .post(
    '/find',
    describeRoute({
      tags,
      summary:
        'Everything held about an email address: callbacks, quote and renewal requests with their documents, mails, a staff account. `registerId`: the register’s request this look-up is for (it must hold the same address)',
      responses: {
        200: answers('What is held (empty lists when nothing is)', okEnvelope({ person: PersonDataViewSchema })),
        ...failures(400, 401, 403, 409),
      },
    }),
    personalDataOnly,
    validate('json', PrivacyRequestSchema),
    async (c) => {
      const { email, registerId } = c.req.valid('json');
      if (registerId) await checkRegisterLink(c.var.db, registerId, email);
      const data = await findPersonData(c.var.db, email);
      await auditAccess(c.var.db, requireAccess(c, 'personalData').user.id, 'personal data looked up', data, { registerId });
      const person = toPersonDataView(email, data);
      const found = person.callbacks.length + person.requests.length + person.mails.length + (person.user ? 1 : 0);
      return sendOk(c, found ? 'Personal data found.' : 'Nothing is held about this address.', { person });
    },
  )
  .post(
    '/export',
    describeRoute({
      tags,
      summary:
        'A subject-access export. `format: "json"` (the default): one JSON file with every record held about the address, its documents included (base64). `format: "html"`: one self-contained page the person can open and read (no script, nothing fetched), its answers under the form’s questions, its documents as download links. `registerId`: the register’s request it answers (it must hold the same address)',
      responses: {
        200: { description: 'A download: JSON, or an HTML page', content: { 'application/json': {}, 'text/html': {} } },
        ...failures(400, 401, 403, 409),
      },
    }),
    personalDataOnly,
    validate('json', PrivacyExportSchema),
    async (c) => {
      const { email, format, registerId } = c.req.valid('json');
      if (registerId) await checkRegisterLink(c.var.db, registerId, email);
      const data = await findPersonData(c.var.db, email);
      const requestId = await auditAccess(c.var.db, requireAccess(c, 'personalData').user.id, 'personal data exported', data, { format, registerId });
      const name = `personal-data-${new Date().toISOString().slice(0, 10)}-${requestId.slice(0, 8)}.${format}`;
      c.header('content-disposition', `attachment; filename="${name}"`);
      c.header('cache-control', 'no-store');
      if (format === 'html') {
        c.header('content-type', 'text/html; charset=utf-8');
        return c.body(await readableExport({ facts: c.var.config.site, email, data, objects: c.var.objects, requestId }));
      }
      const document = await toPersonDataExport(email, data, c.var.objects, requestId);
      c.header('content-type', 'application/json; charset=utf-8');
      return c.body(JSON.stringify(document, null, 2));
    },
  )
  .post(
    '/erase',
    describeRoute({
      tags,
      summary:
        'Erase everything held about an email address (right to erasure), in one transaction; files go after it commits. `registerId`: the register’s request it answers (it must hold the same address)',
      responses: { 200: answers('Erased: what was removed, counted', okEnvelope({ erased: ErasureViewSchema })), ...failures(400, 401, 403, 409) },
    }),
    personalDataOnly,
    validate('json', PrivacyRequestSchema),
    async (c) => {
      const { email, registerId } = c.req.valid('json');
      // A staff account among the data is erased by an Administrator only (403 otherwise, nothing erased).
      const erasure = await erasePersonData(c.var.db, requireAccess(c, 'personalData').user, email, registerId);
      await removeLeadFiles(c.var.objects, erasure.fileIds);
      await removeMailFiles(c.var.config.dataDir, erasure.mailIds);
      return sendOk(c, 'Personal data erased.', { erased: { requestId: erasure.requestId, ...erasure.counts, registerEntries: erasure.registerIds.length } });
    },
  );
