import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';
import { apiTokens, contacts, invitations, leads, media, outbox, posts, privacyRequests, redirects, users, webhookEndpoints } from './schema.ts';

/** A record as a person names it: a contact's name, a request's reference and name, a post's title, a mail's subject, an upload's file name, a redirect's two addresses, a privacy request's reference (never the person), a webhook endpoint's address, an API token's name, an invitation's address. */
export type RecordName = { kind: string; id: string; label: string; leadKind: string | null };

/** The kinds of record whose names the log looks up (the rest are named by their kind alone). */
const NAMED_KINDS = ['contact', 'lead', 'post', 'user', 'mail', 'media', 'redirect', 'privacy-request', 'webhook', 'api-token', 'invitation'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A target's `kind:id`, without the words some entries add after it ('lead:{id} VQ-2026-000001'
 * keeps a deleted request's reference readable): the key recordNames answers by.
 */
export const recordKey = (target: string): string => target.split(' ')[0] ?? target;

/**
 * The names of records named as `kind:id` (an audit entry's target, a mail's `ref`), in one
 * statement, read as they are now: a record since deleted (or erased) has no name here, so
 * nothing keeps a visitor's name longer than the record itself. Keyed `kind:id`.
 */
export async function recordNames(db: Db, targets: readonly (string | null)[]): Promise<Map<string, RecordName>> {
  const ids: Record<(typeof NAMED_KINDS)[number], string[]> = {
    contact: [],
    lead: [],
    post: [],
    user: [],
    mail: [],
    media: [],
    redirect: [],
    'privacy-request': [],
    webhook: [],
    'api-token': [],
    invitation: [],
  };
  for (const target of targets) {
    const [kind, id] = target ? recordKey(target).split(':') : [];
    if (id && UUID.test(id) && (NAMED_KINDS as readonly string[]).includes(kind!)) ids[kind as (typeof NAMED_KINDS)[number]].push(id);
  }
  const part = (kind: string, table: SQL, id: SQL, label: SQL, leadKind: SQL, wanted: string[]) =>
    wanted.length
      ? sql`select ${kind}::text as kind, ${id}::text as id, ${label} as label, ${leadKind} as lead_kind from ${table} where ${inArray(sql`${id}`, wanted)}`
      : null;
  const parts = [
    part('contact', sql`${contacts}`, sql`${contacts.id}`, sql`${contacts.name}`, sql`null::text`, ids.contact),
    part('lead', sql`${leads}`, sql`${leads.id}`, sql`${leads.reference} || ' · ' || ${leads.name}`, sql`${leads.kind}`, ids.lead),
    part('post', sql`${posts}`, sql`${posts.id}`, sql`${posts.title}`, sql`null::text`, ids.post),
    part('user', sql`${users}`, sql`${users.id}`, sql`${users.firstName} || ' ' || ${users.lastName}`, sql`null::text`, ids.user),
    part('mail', sql`${outbox}`, sql`${outbox.id}`, sql`${outbox.subject}`, sql`null::text`, ids.mail),
    part('media', sql`${media}`, sql`${media.id}`, sql`${media.originalName}`, sql`null::text`, ids.media),
    part('redirect', sql`${redirects}`, sql`${redirects.id}`, sql`${redirects.fromPath} || ' → ' || ${redirects.toPath}`, sql`null::text`, ids.redirect),
    part('privacy-request', sql`${privacyRequests}`, sql`${privacyRequests.id}`, sql`${privacyRequests.reference}`, sql`null::text`, ids['privacy-request']),
    part('webhook', sql`${webhookEndpoints}`, sql`${webhookEndpoints.id}`, sql`${webhookEndpoints.url}`, sql`null::text`, ids.webhook),
    part('api-token', sql`${apiTokens}`, sql`${apiTokens.id}`, sql`${apiTokens.name}`, sql`null::text`, ids['api-token']),
    part('invitation', sql`${invitations}`, sql`${invitations.id}`, sql`${invitations.email}`, sql`null::text`, ids.invitation),
  ].filter((query): query is SQL => query !== null);
  if (parts.length === 0) return new Map();
  // Both drivers (node-postgres and PGlite) answer a raw statement with its rows under `rows`.
  const result = await db.execute(sql.join(parts, sql` union all `));
  const rows = (result as unknown as { rows: { kind: string; id: string; label: string; lead_kind: string | null }[] }).rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    label: row.label,
    leadKind: row.lead_kind,
  }));
  return new Map(rows.map((row) => [`${row.kind}:${row.id}`, row]));
}
