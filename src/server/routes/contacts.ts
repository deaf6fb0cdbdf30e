import { Hono } from 'hono';
import { ContactCreateSchema, type ContactCreate } from '../../schemas/contact.ts';
import { HttpError, readBody, sendOk, INVALID_INPUT } from '../http/envelope.ts';
import { contacts } from '../db/schema.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { AppEnv } from '../app-env.ts';

/** `/api/v1/contacts`: the callback request. Listing, reading and deleting come with the back-office. */
export const contactRoutes = new Hono<AppEnv>();

contactRoutes.post('/create', async (c) => {
  const { db, config } = c.var;
  const input = await readBody(c, ContactCreateSchema);
  const recipients = input.recipientEmails ?? [];
  const refused = recipients.filter((address) => !config.allowedRecipientDomains.includes(domainOf(address)));
  if (refused.length > 0) {
    throw new HttpError(400, INVALID_INPUT, [{ field: 'recipientEmails', message: 'These addresses cannot receive enquiries from this form.' }]);
  }

  const contact = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({ name: input.name, email: input.email, phone: input.phone, subject: input.subject, message: input.message, recipientEmails: recipients })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await enqueueMail(tx, {
      to: unique([config.site.salesEmail, ...recipients]),
      replyTo: input.email,
      subject: `Callback request: ${input.subject}`,
      text: notificationText(input, row.createdAt),
      ref: `contact:${row.id}`,
    });
    return row;
  });

  return sendOk(
    c,
    'Thank you. We have your request and will call you back shortly.',
    {
      contact: {
        _id: contact.id,
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        subject: contact.subject,
        message: contact.message,
        createdAt: contact.createdAt.toISOString(),
      },
    },
    201,
  );
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
