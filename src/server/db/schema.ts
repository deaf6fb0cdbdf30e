import { sql } from 'drizzle-orm';
import { contentFieldTypes, siteBuildStatuses } from '#src/schemas/content.ts';
import { contactStatuses } from '#src/schemas/contact-statuses.ts';
import { leadKindNames, leadStatuses } from '#src/schemas/leads/kinds.ts';
import { lostReasons } from '#src/schemas/follow-up.ts';
import { postStatuses } from '#src/schemas/post-statuses.ts';
import { redirectOrigins, type RedirectStatus } from '#src/schemas/redirect.ts';
import { previewShareKinds } from '#src/schemas/preview-share.ts';
import { privacyRequestKinds, privacyRequestStatuses } from '#src/schemas/privacy-register.ts';
import { recordEventKinds } from '#src/schemas/record-timeline.ts';
import { roles } from '#src/schemas/roles.ts';
import { webhookDeliveryStatuses, webhookEvents } from '#src/schemas/webhook.ts';
import { loweredJoin } from './text-search.ts';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  smallint,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Tables; the SQL migrations generated from this file (`npm run db:generate`) are the truth. */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * What happens next on a callback, quote or renewal: a short line ('' when none) and the
 * Dublin day it is due (null when none).
 */
const nextStep = () => ({
  nextStep: text('next_step').notNull().default(''),
  nextStepDue: date('next_step_due', { mode: 'string' }),
});

/**
 * A public form's submission key (the browser's `Idempotency-Key`) and the SHA-256 of what
 * was submitted with it, so a resend answers the first result and a different body under
 * the same key is refused. Null for records made without a key.
 */
const idempotency = () => ({
  idempotencyKey: uuid('idempotency_key'),
  requestHash: text('request_hash'),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** What the person may reach (src/schemas/roles.ts); the API's `isAdmin` is `role = 'admin'`. */
    role: text('role', { enum: roles }).notNull().default('broker'),
    /** TOTP secret, AES-256-GCM encrypted with APP_SECRET; null until setup starts. */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    twoFactorVerified: boolean('two_factor_verified').notNull().default(false),
    /** The last TOTP time step accepted, so no code is used twice. */
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /**
     * An email change waiting for the link mailed to the new address (its token stored as
     * SHA-256); `email` stays as it is until the link is used. One at a time: a new request
     * replaces the old one, whose link then stops working.
     */
    pendingEmail: text('pending_email'),
    pendingEmailTokenHash: text('pending_email_token_hash'),
    pendingEmailExpiresAt: timestamp('pending_email_expires_at', { withTimezone: true }),
    /** When the person last signed in all the way (two-factor passed); null until they first do. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Set while an administrator has suspended the account: it cannot sign in, and is no one's new owner. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Emails are unique whatever their case.
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    check('users_role_check', sql.raw(`role in (${roles.map((role) => `'${role}'`).join(', ')})`)),
    // The users list: its order, and its searches (ILIKE '%…%' on names and address) by trigram.
    index('users_created_id_idx').on(table.createdAt, table.id),
    index('users_first_name_trgm_idx').using('gin', table.firstName.op('gin_trgm_ops')),
    index('users_last_name_trgm_idx').using('gin', table.lastName.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
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
    /** What the staff search scans among the newest enquiries (text-search.ts): kept by the database, never written or shown. */
    searchText: text('search_text').generatedAlwaysAs(loweredJoin(['name', 'email', 'phone', 'subject', 'message'])),
    recipientEmails: text('recipient_emails').array().notNull().default(sql`'{}'::text[]`),
    ...idempotency(),
    /** Where the callback stands in the pipeline (new, contacted, closed). */
    status: text('status', { enum: contactStatuses }).notNull().default('new'),
    /** The staff member looking after it; null when nobody is (or they were deleted). */
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...nextStep(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The Overdue view in the list's order, and the dashboard's follow-ups by due day: only
    // records with a due day are in them (a due-day comparison implies it is not null).
    index('contacts_follow_up_created_idx').on(table.createdAt, table.id, table.nextStepDue).where(sql`${table.nextStepDue} is not null`),
    index('contacts_follow_up_due_idx').on(table.nextStepDue, table.ownerId).where(sql`${table.nextStepDue} is not null`),
    // The same person's other records, by address in any case.
    index('contacts_email_lower_idx').on(sql`lower(${table.email})`),
    // The enquiries list's order (newest first, the id deciding between equal moments), and
    // trigram indexes for searches in any part of a name, address or number.
    index('contacts_created_id_idx').on(table.createdAt, table.id),
    index('contacts_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('contacts_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    index('contacts_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
    // The staff search also reads the subject and the message: an OR is only answered by indexes when every part has one.
    index('contacts_subject_trgm_idx').using('gin', table.subject.op('gin_trgm_ops')),
    index('contacts_message_trgm_idx').using('gin', table.message.op('gin_trgm_ops')),
    // The list filtered by status, newest first (its sort key after the filter).
    index('contacts_status_created_idx').on(table.status, table.createdAt, table.id),
    // The owner filter in the list's order (status after the key, so a status filter is read
    // from the index too: a page 1,000 deep of one owner's won quotes took 114 ms on owner_id
    // alone, 6 ms so), and a deleted user's callbacks set free. Unassigned ones have their own:
    // the planner does not read an IS NULL prefix as ordered, and sorted all of them.
    index('contacts_owner_created_idx').on(table.ownerId, table.createdAt, table.id, table.status),
    index('contacts_unowned_created_idx').on(table.createdAt, table.id, table.status).where(sql`${table.ownerId} is null`),
    // Retention finds callbacks by their last activity.
    index('contacts_updated_at_idx').on(table.updatedAt),
    // One callback request per submission, however often the browser resends it.
    uniqueIndex('contacts_idempotency_key').on(table.idempotencyKey),
  ],
);

/**
 * Every mail is written here first, in the same transaction as the record that caused it,
 * and sent later by the outbox job, so nothing is lost while the mail server is down.
 * `to` must all accept the mail for it to count as sent; `cc` are copies. `recipients`
 * holds what the mail server answered for each address, `status` where the mail stands.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    replyTo: text('reply_to'),
    /** Set when queued and sent unchanged on every attempt, so receivers can drop a duplicate. */
    messageId: text('message_id').notNull(),
    /** What caused the mail, e.g. `contact:<id>`, for tracing. */
    ref: text('ref'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    recipients: jsonb('recipients').$type<RecipientOutcome[]>().notNull().default([]),
    createdAt: createdAt(),
    /** The subject and the addresses joined and lower-cased once, which a search of the newest mails scans (see textSearch). */
    searchText: text('search_text').generatedAlwaysAs(loweredJoin(['subject', sql`outbox_addresses("to", "cc")`])),
  },
  (table) => [
    index('outbox_queued_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    // /metrics counts the failed mails at every scrape without reading the sent ones.
    index('outbox_failed_idx').on(table.failedAt).where(sql`${table.status} = 'failed'`),
    // Retention and erasure delete a record's mails by their ref, and strip old mails' bodies.
    index('outbox_ref_idx').on(table.ref),
    index('outbox_body_kept_idx').on(table.createdAt).where(sql`${table.text} <> ''`),
    // The Mail screen: its order, its status filter, and its search (ILIKE '%…%') by trigram,
    // on the subject and on the addresses as one text (outbox_addresses, migration 0019:
    // array_to_string is not immutable, so cannot be indexed itself).
    index('outbox_created_id_idx').on(table.createdAt, table.id),
    index('outbox_status_created_idx').on(table.status, table.createdAt, table.id),
    index('outbox_subject_trgm_idx').using('gin', table.subject.op('gin_trgm_ops')),
    index('outbox_addresses_trgm_idx').using('gin', sql`outbox_addresses(${table.to}, ${table.cc}) gin_trgm_ops`),
  ],
);

/** What the mail server last answered for one address of a mail. */
export type RecipientOutcome = {
  address: string;
  /** accepted; refused for good (5xx); deferred (4xx or no answer), to be tried again. */
  result: 'accepted' | 'refused' | 'deferred';
  code?: number | undefined;
  response?: string | undefined;
  at: string;
};

/**
 * Server-side sessions. The cookie holds a random token; only its SHA-256 is stored. A session
 * that has passed the password but not yet two-factor has stage `password` and reaches
 * nothing but the two-factor endpoints.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: ['password', 'full'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/** Single-use password-reset tokens, stored as SHA-256 hashes. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId)],
);

/**
 * An Administrator's invitation to join the staff with a role: the person sets their own name
 * and password through the mailed link (its token stored as SHA-256), then two-factor as any
 * new account does. Resending replaces the token, so the older link stops working. At most one
 * open invitation (neither accepted nor revoked) per address.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: roles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the latest link was mailed (the first time, or the latest resend). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** The account the invitation became. */
    acceptedUserId: uuid('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check('invitations_role_check', sql.raw(`role in (${roles.map((role) => `'${role}'`).join(', ')})`)),
    uniqueIndex('invitations_open_email_key').on(sql`lower(${table.email})`).where(sql`accepted_at is null and revoked_at is null`),
    // The invitations list's order.
    index('invitations_created_id_idx').on(table.createdAt, table.id),
  ],
);

/**
 * API tokens for the broker's other systems (docs/how-to/use-the-api-with-a-token.md). The
 * token is `sci_<lookup>_<secret>`: `lookup` finds the row, the secret is kept only as its
 * SHA-256 and compared in constant time. A token acts as its maker, held to their role and to
 * its scopes.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    lookup: text('lookup').notNull().unique(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('api_tokens_created_id_idx').on(table.createdAt, table.id), index('api_tokens_user_idx').on(table.userId)],
);

/** Ten single-use recovery codes per user, shown once at two-factor setup, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** Fixed-window counters for rate limits and lockouts, keyed like `login:ip:203.0.113.9`. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});

/** Who did what in the back-office. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    /** The client's address as the rate limits see it (TRUST_PROXY honoured); null when no request caused it (a job). */
    address: text('address'),
    createdAt: createdAt(),
  },
  (table) => [
    // The log's order, the same per person (the person filter, and who appears in the log), and
    // a trigram index for the action search (ILIKE '%…%').
    index('audit_log_created_id_idx').on(table.createdAt, table.id),
    index('audit_log_actor_created_idx').on(table.actorId, table.createdAt, table.id),
    index('audit_log_action_trgm_idx').using('gin', table.action.op('gin_trgm_ops')),
    // The screen's address filter, newest first.
    index('audit_log_address_idx').on(table.address, table.createdAt),
  ],
);

/**
 * Human checks seen by the server, kept until they expire so none is accepted twice. A row
 * is spent in the transaction that stores the form's record; a provider token (reCAPTCHA,
 * Turnstile) is first remembered unspent once the provider confirmed it, because the
 * provider answers for a token only once and a failed store must be retryable.
 */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    id: text('id').primaryKey(),
    spent: boolean('spent').notNull().default(true),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spent_challenges_expires_idx').on(table.expiresAt)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A jsonb column whose value may be a bare string, as a content element's text is. Drizzle's
 * own jsonb parses a string the driver hands back once more, and both drivers here already
 * parse jsonb: a text "2009" or "true" would come back as a number or a boolean. This one
 * takes the driver's value as it is.
 */
const jsonValue = customType<{ data: unknown; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value,
});

/**
 * Blog posts. The body is kept as Markdown and as sanitised HTML; `search` is a weighted
 * full-text vector (title, then excerpt and tags, then body) kept by PostgreSQL itself.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull(),
    bodyHtml: text('body_html').notNull(),
    /** The tags as one text, for the search vector. */
    tagText: text('tag_text').notNull().default(''),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    coverImage: text('cover_image').notNull().default(''),
    coverAlt: text('cover_alt').notNull().default(''),
    seoTitle: text('seo_title').notNull().default(''),
    seoDescription: text('seo_description').notNull().default(''),
    /** Where search engines should list this post's words instead: a path or web address, or empty. */
    seoCanonical: text('seo_canonical').notNull().default(''),
    /** Hidden from search engines: the page says noindex and the sitemap leaves it out. */
    seoHidden: boolean('seo_hidden').notNull().default(false),
    /** The upload shown when the post is shared (its own share image), or empty for the cover. */
    seoImage: text('seo_image').notNull().default(''),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: tsvector('search').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', excerpt), 'B') || setweight(to_tsvector('english', tag_text), 'B') || setweight(to_tsvector('english', body), 'C')`,
    ),
  },
  (table) => [
    uniqueIndex('posts_slug_key').on(table.slug),
    index('posts_visible_idx').on(table.status, table.publishedAt),
    // The posts list's order (see listPosts), all posts and by status.
    index('posts_list_idx').on(sql`coalesce(${table.publishedAt}, 'infinity'::timestamptz)`, table.createdAt, table.id),
    index('posts_status_list_idx').on(table.status, sql`coalesce(${table.publishedAt}, 'infinity'::timestamptz)`, table.createdAt, table.id),
    index('posts_search_idx').using('gin', table.search),
    // The media library asks which posts use an upload as their cover.
    index('posts_cover_image_idx').on(table.coverImage).where(sql`${table.coverImage} <> ''`),
    index('posts_seo_image_idx').on(table.seoImage).where(sql`${table.seoImage} <> ''`),
  ],
);

/**
 * Every save of a post, as saved (with its tags), who saved it and when: staff compare a post
 * with an earlier save and restore it. Kept while the post is.
 */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The post's fields as the form sends them (PostInputSchema's shape), so a restore is a save. */
    saved: jsonb('saved').$type<Record<string, unknown>>().notNull(),
    savedBy: uuid('saved_by').references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('post_revisions_post_idx').on(table.postId, table.savedAt)],
);

export const tags = pgTable('tags', { id: uuid('id').primaryKey().defaultRandom(), name: text('name').notNull() }, (table) => [
  uniqueIndex('tags_name_lower_key').on(sql`lower(${table.name})`),
]);

export const postTags = pgTable(
  'post_tags',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    /** The tag's place in the post's list, as the author put them. */
    position: integer('position').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.postId, table.tagId] }), index('post_tags_tag_idx').on(table.tagId)],
);

/**
 * Uploaded files that passed the content check. For images the original is not kept: only
 * re-encoded variants without metadata (EXIF, GPS) are stored, under DATA_DIR/uploads/media/{id}.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    originalName: text('original_name').notNull(),
    /** The type the bytes revealed, not the one the browser declared. */
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    variants: jsonb('variants')
      .$type<{ file: string; format: 'avif' | 'webp' | 'jpeg'; width: number; height: number; bytes: number }[]>()
      .notNull()
      .default([]),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** What the picture shows, for people who cannot see it: offered wherever the image is used. */
    alt: text('alt').notNull().default(''),
    /** A line staff may show under the picture, and their own note of what it is. */
    caption: text('caption').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('media_created_idx').on(table.createdAt)],
);

/**
 * Resumable (tus) uploads still arriving: how long each is, how much has arrived and which
 * stored pieces hold it (`uploads/unfinished/{id}/…` in the object store). Kept in the database,
 * not on one server's disk, so an upload begun on one app server can carry on at another;
 * the offset only moves by a conditional update, so two servers can never both append at one
 * offset. A row goes when its upload becomes media or a document, or after a day (cleanup job).
 */
export const unfinishedUploads = pgTable(
  'unfinished_uploads',
  {
    id: text('id').primaryKey(),
    /** The length declared when the upload began (every purpose requires it). */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The bytes stored so far: the sum of the parts' sizes. */
    offset: bigint('offset', { mode: 'number' }).notNull().default(0),
    metadata: jsonb('metadata').$type<Record<string, string | null>>().notNull().default({}),
    /** Object keys of the pieces, in order; each PATCH adds one. */
    parts: jsonb('parts').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (table) => [index('unfinished_uploads_created_idx').on(table.createdAt)],
);

/**
 * Old addresses answered with a redirect to a new one on the same site (src/schemas/redirect.ts).
 * Consulted only for an address nothing else answers, so a page or post always wins over one.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** As a request names it: percent-encoded, no trailing slash, no query. */
    fromPath: text('from_path').notNull(),
    toPath: text('to_path').notNull(),
    status: integer('status').$type<RedirectStatus>().notNull().default(301),
    /** 'post' when a published post's new slug recorded it, 'staff' otherwise. */
    origin: text('origin', { enum: redirectOrigins }).notNull().default('staff'),
    hits: bigint('hits', { mode: 'number' }).notNull().default(0),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('redirects_from_key').on(table.fromPath),
    // A post's move points older redirects at its new address (no chains): found by their target.
    index('redirects_to_idx').on(table.toPath),
    index('redirects_list_idx').on(table.createdAt, table.id),
  ],
);

/**
 * Links that show a draft to someone without an account (issue: shareable previews): the
 * token's SHA-256 (the link itself is shown once and never stored), what it shows, the copy
 * of the preview it serves, and when it stops working.
 */
export const previewShares = pgTable(
  'preview_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: previewShareKinds }).notNull(),
    /** The page's address, or the post's id. */
    target: text('target').notNull(),
    /** The address inside the preview the link opens: '/van-insurance', '/blog/fleet-tips'. */
    path: text('path').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('preview_shares_token_key').on(table.tokenHash), index('preview_shares_expiry_idx').on(table.expiresAt)],
);

/**
 * The register of data-subject requests (GDPR articles 12 to 22): what was asked, by whom,
 * when it came in and by when it must be answered (a month, once extended by up to two more,
 * article 12(3)). Erasing the person's data through the finder keeps the row for
 * accountability with its name and email replaced (`erased_at` set).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** PR-2026-000001, from the reference counters (src/server/leads/reference.ts). */
    reference: text('reference').notNull(),
    kind: text('kind', { enum: privacyRequestKinds }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Dublin calendar days. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** 0, or the one extension's further months (1 or 2) with its reason. */
    extendedMonths: smallint('extended_months').notNull().default(0),
    extensionReason: text('extension_reason').notNull().default(''),
    status: text('status', { enum: privacyRequestStatuses }).notNull().default('open'),
    /** '0' while open, '1' once answered: the register's default order puts open requests first. */
    queue: text('queue').generatedAlwaysAs(sql`case when "status" = 'open' then '0' else '1' end`),
    /**
     * The single note each save replaced, before notes were kept one by one in
     * privacy_request_notes (migration 0038 copied it there as the first note). Read and written
     * nowhere now; kept so a server of the previous release still runs beside this one.
     */
    note: text('note').notNull().default(''),
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** When it was completed or refused; null while open. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the person's data was erased through the finder, which replaced the name and email. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('privacy_requests_reference_key').on(table.reference),
    // The register's orders: open first by due date, and newest received first.
    index('privacy_requests_queue_idx').on(table.queue, table.dueOn, table.createdAt, table.id),
    index('privacy_requests_received_idx').on(table.receivedOn, table.createdAt, table.id),
    // An erasure blanks the rows naming the address.
    index('privacy_requests_email_idx').on(sql`lower(${table.email})`),
  ],
);

/**
 * A privacy request's notes, one row each, never changed or replaced: the history of what was
 * done and said, as a callback's or a quote's notes are kept in its events. A refusal's reason
 * is the note written with it, in the same transaction (so at the same moment as its audit entry).
 */
export const privacyRequestNotes = pgTable(
  'privacy_request_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => privacyRequests.id, { onDelete: 'cascade' }),
    /** Who wrote it; null once their account is deleted, or for a note from before they were recorded. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  // The request's timeline reads its notes newest first.
  (table) => [index('privacy_request_notes_request_idx').on(table.requestId, table.createdAt, table.id)],
);

/** One-off seeds already applied (the demonstration blog posts), so deleting seeded rows is final. */
export const seedMarks = pgTable('seed_marks', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Quote requests of the four kinds and renewal requests: one table, so the pipeline, notes,
 * search and export are one code path. The answers are kept as the validated JSON of the
 * form; the columns beside them are what lists, search and mails need.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: leadKindNames }).notNull(),
    /** A human reference such as VQ-2026-000123. */
    reference: text('reference').notNull(),
    status: text('status', { enum: leadStatuses }).notNull().default('new'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    registration: text('registration').notNull().default(''),
    /** What the staff search scans among the newest requests (text-search.ts): kept by the database, never written or shown. */
    searchText: text('search_text').generatedAlwaysAs(loweredJoin(['name', 'reference'])),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /**
     * A renewal's renewal date as its answers hold it (YYYY-MM-DD, so its text sorts as the
     * date; '' should one lack it), null for the other kinds: kept by the database, for the
     * renewal-date orders' index and cursors.
     */
    renewalDate: text('renewal_date').generatedAlwaysAs(sql`case when "kind" = 'renewal' then coalesce("answers" ->> 'renewalDate', '') end`),
    /** The staff member looking after it; null when nobody is (or they were deleted). */
    ownerId: uuid('owner_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ...nextStep(),
    /** The outcome of a quoted or won request: the premium quoted (euro) and the insurer. */
    premium: numeric('premium', { precision: 10, scale: 2 }),
    insurer: text('insurer').notNull().default(''),
    /** The outcome of a lost one: why, and any words of detail. */
    lostReason: text('lost_reason', { enum: lostReasons }),
    lostDetail: text('lost_detail').notNull().default(''),
    ...idempotency(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('leads_reference_key').on(table.reference),
    // The Overdue view in the lists' order (kind and status read from it too), and the
    // dashboard's follow-ups by due day (see contacts_follow_up_created_idx).
    index('leads_follow_up_created_idx')
      .on(table.createdAt, table.id, table.kind, table.status, table.nextStepDue)
      .where(sql`${table.nextStepDue} is not null`),
    index('leads_follow_up_due_idx').on(table.nextStepDue, table.ownerId).where(sql`${table.nextStepDue} is not null`),
    index('leads_email_lower_idx').on(sql`lower(${table.email})`),
    // One request per submission and kind, however often the browser resends it.
    uniqueIndex('leads_kind_idempotency_key').on(table.kind, table.idempotencyKey),
    // The lists' order (newest first, the id deciding between equal moments) under each of
    // their filters: one kind (a kind's list, renewals), one kind and status, every quote kind
    // (the quotes list: `kind <> 'renewal'`, word for word the condition filtersFrom writes),
    // and every quote kind with a status.
    index('leads_kind_created_id_idx').on(table.kind, table.createdAt, table.id),
    index('leads_kind_status_created_idx').on(table.kind, table.status, table.createdAt, table.id),
    index('leads_quotes_created_idx').on(table.createdAt, table.id).where(sql`${table.kind} <> 'renewal'`),
    index('leads_quotes_status_created_idx').on(table.status, table.createdAt, table.id).where(sql`${table.kind} <> 'renewal'`),
    // The staff search (ILIKE '%…%' on name, reference and registration without dashes) by trigram.
    index('leads_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('leads_reference_trgm_idx').using('gin', table.reference.op('gin_trgm_ops')),
    // A search that begins as a reference does ("VQ-2026-0…") is a prefix of the reference (LIKE 'VQ-2026-0%'), whatever the collation.
    index('leads_reference_prefix_idx').on(table.reference.op('text_pattern_ops')),
    index('leads_registration_trgm_idx').using('gin', sql`replace(${table.registration}, '-', '') gin_trgm_ops`),
    // The owner filter in the list's order, kind and status read from the index too, and a
    // deleted user's requests set free; unassigned ones apart (see contacts_owner_created_idx).
    index('leads_owner_created_idx').on(table.ownerId, table.createdAt, table.id, table.kind, table.status),
    // The renewal-date orders, soonest first and (read backwards) latest first, status and
    // owner after the key so their filters are read from it too.
    index('leads_renewal_date_idx').on(table.renewalDate, table.createdAt, table.id, table.status, table.ownerId).where(sql`${table.kind} = 'renewal'`),
    index('leads_unowned_created_idx').on(table.createdAt, table.id, table.kind, table.status).where(sql`${table.ownerId} is null`),
    // Retention finds requests by their last activity.
    index('leads_updated_at_idx').on(table.updatedAt),
  ],
);

/**
 * What a history entry records (a status change or note, a next step set, done or cleared, an
 * outcome) and that entry's facts: a step's words and due day, an outcome's premium, insurer
 * or reason. The words are staff's own, as a note's are, and go with the record.
 */
const eventKind = () => ({
  kind: text('kind', { enum: recordEventKinds }).notNull().default('pipeline'),
  detail: jsonb('detail').$type<Record<string, unknown>>(),
});

/** The pipeline's history: every status change or note, next step and outcome, by whom and when. */
export const leadEvents = pgTable(
  'lead_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note').notNull().default(''),
    ...eventKind(),
    createdAt: createdAt(),
  },
  (table) => [
    index('lead_events_lead_idx').on(table.leadId, table.createdAt),
    // The dashboard's pipeline value: the requests moved to quoted or won this month.
    index('lead_events_priced_idx').on(table.createdAt, table.leadId, table.toStatus).where(sql`${table.toStatus} in ('quoted', 'won')`),
  ],
);

/** A callback's history: every status change or note, by whom and when (as a lead's). */
export const contactEvents = pgTable(
  'contact_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note').notNull().default(''),
    ...eventKind(),
    createdAt: createdAt(),
  },
  (table) => [index('contact_events_contact_idx').on(table.contactId, table.createdAt)],
);

/** The last number given per reference prefix and year (VQ 2026 → 123), and the moment of the request it went to. */
export const referenceCounters = pgTable(
  'reference_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
    /** The request's created_at, given with its number (reference.ts): the next number's moment is later. Null before migration 0017. */
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.prefix, table.year] })],
);

/** Files a visitor attached to a lead (a fleet schedule); readable by signed-in staff only. */
export const leadFiles = pgTable('lead_files', {
  id: uuid('id').primaryKey().defaultRandom(),
  leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/**
 * Content sections of the site's copy (the CMS): a tree by `parent_id`, addressed by
 * `name_path` ('Home/Hero', unique) and `id_path` (the ids from the root, '/'-joined).
 * A section's `data` is not stored: it is its elements' values by name, made on read.
 */
export const contentSections = pgTable(
  'content_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    // A parent with children is deleted only with them (a cascade deletes the subtree in one
    // statement, which the key checks at its end: hence no action, not restrict).
    parentId: uuid('parent_id').references((): AnyPgColumn => contentSections.id, { onDelete: 'no action' }),
    /** 0 for a page's root section, one more for each step down. */
    level: integer('level').notNull(),
    namePath: text('name_path').notNull(),
    idPath: text('id_path').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('content_sections_name_path_key').on(table.namePath), index('content_sections_parent_idx').on(table.parentId, table.position)],
);

/**
 * A section's editable values. `value` is the saved (draft) value; `published_value` is what
 * the last publish took into the site, null until the element was first published.
 * One element per name in a section: the unique key makes a second create a 409, even at once.
 */
export const contentElements = pgTable(
  'content_elements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => contentSections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fieldType: text('field_type', { enum: contentFieldTypes }).notNull(),
    value: jsonValue('value').notNull(),
    /** Markdown only: the sanitised HTML of `value`, made when it is saved. */
    html: text('html'),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    position: integer('position').notNull().default(0),
    publishedValue: jsonValue('published_value'),
    publishedHtml: text('published_html'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('content_elements_section_name_key').on(table.sectionId, table.name),
    index('content_elements_section_idx').on(table.sectionId, table.position),
  ],
);

/** Every saved change to an element keeps the value it replaced, with who and when. */
export const contentElementHistory = pgTable(
  'content_element_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elementId: uuid('element_id')
      .notNull()
      .references(() => contentElements.id, { onDelete: 'cascade' }),
    previousValue: jsonValue('previous_value').notNull(),
    previousConfig: jsonb('previous_config').$type<Record<string, unknown>>().notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (table) => [index('content_element_history_element_idx').on(table.elementId, table.changedAt)],
);

/**
 * Site rebuilds after a publish. At most one is queued at a time (the partial unique key):
 * a publish while one waits joins it. One server builds at a time, under an advisory lock.
 */
export const siteBuilds = pgTable(
  'site_builds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: siteBuildStatuses }).notNull().default('queued'),
    /** What asked for it: 'content' (a CMS publish) or 'posts' (the published posts changed). */
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why a failed build failed (the build's last output lines). */
    error: text('error'),
    /** The published posts the build was made from (see posts signature), to notice later changes. */
    postsSignature: text('posts_signature'),
    /** Folder (under the shared builds folder) holding the built site once live. */
    folder: text('folder'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('site_builds_one_queued_key').on(table.status).where(sql`status = 'queued'`), index('site_builds_queued_at_idx').on(table.queuedAt)],
);

/**
 * Webhook endpoints: where the broker's other systems are told of events (src/schemas/webhook.ts).
 * The signing secret is sealed with the app secret (auth/crypto.ts) as the two-factor secrets
 * are: the sender needs it whole to sign, so a hash would not do.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events', { enum: webhookEvents }).array().notNull(),
  secretSealed: text('secret_sealed').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Set when the sender turned it off because it kept failing; cleared when staff turn it on. */
  disabledReason: text('disabled_reason'),
  /** Failed attempts since the last success, across its deliveries; at the limit it is turned off. */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
  /** Told by mail when the endpoint is turned off. */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/**
 * One event for one endpoint, queued in the transaction that made the event (so none is lost
 * or sent for a change that rolled back) and sent by the worker's webhook job with retries.
 * The row keeps the last attempt's answer for the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The `webhook-id` header; a redelivery keeps it so the receiver can drop a duplicate. */
    messageId: text('message_id').notNull(),
    event: text('event', { enum: webhookEvents }).notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: webhookDeliveryStatuses }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    /** The start of the receiver's answer, for the log. */
    responseBody: text('response_body'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_queued_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'queued'`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.createdAt, table.id),
  ],
);

/** Each attempt at a delivery and what came of it, for the delivery log (at most MAX_ATTEMPTS a delivery). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The receiver's status, or null when no answer came (refused, timed out, not allowed). */
    responseStatus: integer('response_status'),
    /** The start of the receiver's answer. */
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attemptedAt)],
);
