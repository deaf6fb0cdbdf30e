import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Tables; the SQL migrations generated from this file (`npm run db:generate`) are the truth. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Emails are unique whatever their case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    index('users_created_at_idx').on(table.createdAt),
  ],
);

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    recipientEmails: text('recipient_emails').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (table) => [index('contacts_created_at_idx').on(table.createdAt)],
);

/**
 * Every mail is written here first, in the same transaction as the record that caused it,
 * and sent later by the outbox job, so nothing is lost while the mail server is down.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').array().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    /** What caused the mail, e.g. `contact:<id>`, for tracing. */
    ref: text('ref'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_pending_idx').on(table.nextAttemptAt).where(sql`${table.sentAt} is null`)],
);

