import { Hono, type Context } from 'hono';
import { count, desc, eq } from 'drizzle-orm';
import { ContactCreateSchema, type ContactCreate } from '../../schemas/contact.ts';
import { pageInfo } from '../../schemas/paging.ts';
import { HttpError, readBody, sendOk, INVALID_INPUT } from '../http/envelope.ts';
import { pagingFrom, uuidParam } from '../http/params.ts';
import { contacts } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { requireStaff } from '../auth/session.ts';
import { clientAddress, consume, publicFormLimit } from '../auth/rate-limit.ts';
import { audit } from '../audit.ts';
import { HumanCheckFailed, spendHumanCheck, verifyHumanCheck } from '../human-check.ts';
import { createOnce, idempotencyKeyOf, requestHash } from '../http/idempotency.ts';
import type { AppEnv } from '../app-env.ts';

/** `/api/v1/contacts`: the public callback request, and the enquiries list for signed-in staff. */
export const contactRoutes = new Hono<AppEnv>();

type ContactRow = typeof contacts.$inferSelect;

const toContactView = (row: ContactRow) => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  subject: row.subject,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});

const NO_SUCH_CONTACT = 'There is no such contact.';
const THANK_YOU = 'Thank you. We have your request and will call you back shortly.';

const contactId = (c: Context<AppEnv>) => uuidParam(c, 'id', NO_SUCH_CONTACT);

contactRoutes.get('/', async (c) => {
  requireStaff(c);
  const { db } = c.var;
  const paging = pagingFrom(c);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contacts)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(paging.page_size)
      .offset(paging.page * paging.page_size),
    db.select({ n: count() }).from(contacts),
  ]);
  return sendOk(c, 'Contacts', { contacts: rows.map(toContactView), ...pageInfo(paging, total?.n ?? 0) });
});

contactRoutes.get('/get/:id', async (c) => {
  requireStaff(c);
  const [row] = await c.var.db
    .select()
    .from(contacts)
    .where(eq(contacts.id, contactId(c)));
  if (!row) throw new HttpError(404, NO_SUCH_CONTACT);
  return sendOk(c, 'Contact', { contact: toContactView(row) });
});

contactRoutes.delete('/delete/:id', async (c) => {
  const actor = requireStaff(c).user;
  const id = contactId(c);
  const deleted = await c.var.db.transaction(async (tx) => {
    const [row] = await tx.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
    if (row) await audit(tx, actor.id, 'contact deleted', `contact:${id}`);
    return row;
  });
  if (!deleted) throw new HttpError(404, NO_SUCH_CONTACT);
  return sendOk(c, 'contact has been deleted.', {});
});

contactRoutes.post('/create', async (c) => {
  const { db, config } = c.var;
  const remoteIp = clientAddress(c, config.trustProxy);
  await consume(db, publicFormLimit(config.formRateLimit), remoteIp);
  const input = await readBody(c, ContactCreateSchema);
  // A filled honeypot is a bot: it is told what a person would be told, and nothing is stored or sent.
  if (input.website) return sendOk(c, THANK_YOU, { contact: null }, 201);
  const recipients = input.recipientEmails ?? [];
  const refused = recipients.filter((address) => !config.allowedRecipientDomains.includes(domainOf(address)));
  if (refused.length > 0) {
    throw new HttpError(400, INVALID_INPUT, [{ field: 'recipientEmails', message: 'These addresses cannot receive enquiries from this form.' }]);
  }

  const idempotencyKey = idempotencyKeyOf(c);
  const hash = requestHash({ name: input.name, email: input.email, phone: input.phone, subject: input.subject, message: input.message, recipients });
  const contact = await createOnce(
    idempotencyKey,
    hash,
    async (key) => (await db.select().from(contacts).where(eq(contacts.idempotencyKey, key)))[0],
    async () => {
      const check = await verifyHumanCheck({ db, config, secretKey: c.var.secretKey, remoteIp }, input.humanCheck);
      if (!check) throw new HumanCheckFailed();
      return db.transaction(async (tx) => {
        // Spent with the record: a request that is not stored leaves its check usable for the resend.
        if (!(await spendHumanCheck(tx, check))) throw new HumanCheckFailed();
        const [row] = await tx
          .insert(contacts)
          .values({
            name: input.name,
            email: input.email,
            phone: input.phone,
            subject: input.subject,
            message: input.message,
            recipientEmails: recipients,
            idempotencyKey: idempotencyKey ?? null,
            requestHash: hash,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        const sales = config.site.salesEmail.toLowerCase();
        await enqueueMail(tx, {
          to: [config.site.salesEmail],
          // Copies: the mail counts as sent once the sales address has it, whatever a copy's server says.
          cc: unique(recipients).filter((address) => address.toLowerCase() !== sales),
          replyTo: input.email,
          subject: `Callback request: ${input.subject}`,
          text: notificationText(input, row.createdAt),
          ref: `contact:${row.id}`,
        });
        return row;
      });
    },
  );

  return sendOk(c, THANK_YOU, { contact: toContactView(contact) }, 201);
});

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

function unique(addresses: string[]): string[] {
  const seen = new Set<string>();
  return addresses.filter((address) => {
    const key = address.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function notificationText(input: ContactCreate, at: Date): string {
  return [
    'A visitor asked for a callback on the website.',
    '',
    `Name:    ${input.name}`,
    `Email:   ${input.email}`,
    `Phone:   ${input.phone}`,
    `Subject: ${input.subject}`,
    `Sent:    ${at.toLocaleString('en-IE', { timeZone: 'Europe/Dublin' })}`,
    '',
    'Message:',
    input.message,
  ].join('\n');
}
