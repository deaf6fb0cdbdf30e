/**
 * An audit entry's details (what the server kept beside the action: the status it moved from,
 * the owner before and after, the addresses of a redirect) as one line a person reads:
 * 'From New to Contacted', 'Owner: Niamh Byrne → nobody', 'Rows: 12'. Staff ids become names
 * where the log knows them; anything nested is left to the CSV export.
 */

import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { type ApiTokenScope, apiTokenScopeNames } from '#src/schemas/api-token.ts';
import { type Role, roleNames } from '#src/schemas/roles.ts';
import { WEBHOOK_EVENT_LABELS, type WebhookEvent } from '#src/schemas/webhook.ts';
import { auditChangeRows, auditChangesLine, UUID } from './audit-changes.ts';
import { REDIRECT_STATUS_LABELS, type RedirectStatus } from '#src/schemas/redirect.ts';

type People = readonly { _id: string; name: string }[];

/** Keys whose plain spelling would read oddly. */
const KEY_WORDS: Record<string, string> = {
  isAdmin: 'Administrator',
  roleChange: 'Role changed',
  byOwner: 'By the account’s owner',
  namePath: 'Section',
  // A content element's page, sections and name ('Home / Hero / Heading').
  place: 'Where',
  // A privacy look-up's counts, in the screens' own names.
  callbacks: 'Callbacks',
  requests: 'Quotes and renewals',
  user: 'Staff account',
  // An API token's scopes, as its screens name them.
  scopes: 'May do',
  // How often a mail or a delivery was tried, as the mail and webhook screens say it.
  attempts: 'Tries',
};

/** 'previousStatus' reads 'Previous status'. */
const words = (key: string) => {
  if (KEY_WORDS[key]) return KEY_WORDS[key];
  const spaced = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** An API token's scope ('leads:read') or a webhook's event ('quote.received') by the name its screens give it, or null. */
function screenName(value: string): string | null {
  if (Object.hasOwn(apiTokenScopeNames, value)) return apiTokenScopeNames[value as ApiTokenScope];
  if (Object.hasOwn(WEBHOOK_EVENT_LABELS, value)) return WEBHOOK_EVENT_LABELS[value as WebhookEvent];
  return null;
}
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const scopeName = (value: unknown) => (typeof value === 'string' ? (screenName(value) ?? value) : String(value));

/** A value as words; an id names a person only where the detail is an owner, and is otherwise left out. */
function valueText(value: unknown, people: People, nobody = 'none', isPerson = false): string | null {
  if (value === null || value === undefined || value === '') return nobody;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    if (UUID.test(value)) return isPerson ? (people.find((person) => person._id === value)?.name ?? 'a former colleague') : null;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatCalendarDate(value);
    // A role ('broker') by its screen name; a status ('contacted') as the lists show it.
    if (Object.hasOwn(roleNames, value)) return roleNames[value as Role];
    const named = screenName(value);
    if (named) return named;
    return /^[a-z]+$/.test(value) ? value.charAt(0).toUpperCase() + value.slice(1) : value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    // One sentence: 'Read callbacks, read quotes and renewals', with no capital mid-list.
    return value.length > 3 ? `${value.length} items` : value.map((item, index) => (index ? lowerFirst(scopeName(item)) : scopeName(item))).join(', ');
  }
  return null;
}

/** Labels the value reads straight on from, with no colon: 'From New', 'Extended by 1 month'. */
const READS_ON = new Set(['From', 'Extended by', 'Valid for']);

/** One fact of an entry's details: what it is ('Owner', 'Rows') and what it says; `label` is '' for a change of status. */
export type AuditDetail = { label: string; value: string };

/**
 * What an entry with `changes` (the table shows those) also said before it had them, in words
 * the table now says better: the role's from and to, whether a password changed, a next step's due days.
 */
const SAID_BY_CHANGES = ['from', 'to', 'fromDue', 'toDue', 'roleChange', 'passwordChange', 'emailChangeRequested', 'fields', 'changes'];

/** An entry's details as facts, one per line of the expanded row: the change first, then the rest in the order kept; `changes` are left to their table. */
export function auditDetails(details: Record<string, unknown> | null, people: People): AuditDetail[] {
  if (!details) return [];
  const parts: AuditDetail[] = [];
  const rest = { ...details };
  if (Array.isArray(details.changes)) {
    // A redirect's new addresses, a webhook's fields, a role's change: said by the table.
    for (const key of SAID_BY_CHANGES) delete rest[key];
  }
  // A change: what it was and what it became, side by side.
  if ('from' in rest || 'to' in rest) {
    const isOwner = [rest.from, rest.to].some((value) => typeof value === 'string' && UUID.test(value)) || ('to' in rest && rest.to === null);
    const nobody = isOwner ? 'nobody' : 'none';
    const from = valueText(rest.from, people, nobody, isOwner);
    if ('to' in rest) parts.push({ label: isOwner ? 'Owner' : '', value: `${from} → ${valueText(rest.to, people, nobody, isOwner)}` });
    else parts.push({ label: 'From', value: String(from) });
    delete rest.from;
    delete rest.to;
  }
  for (const [key, value] of Object.entries(rest)) {
    // A redirect's status code by the kind its screens name ('Permanent (301)').
    if (key === 'status' && Object.hasOwn(REDIRECT_STATUS_LABELS, String(value))) {
      parts.push({ label: 'Kind of redirect', value: REDIRECT_STATUS_LABELS[value as RedirectStatus] });
      continue;
    }
    // Counts said as a person would: 'Extended by 1 month', 'Valid for 90 days'.
    if (key === 'months' && typeof value === 'number') {
      parts.push({ label: 'Extended by', value: `${value} month${value === 1 ? '' : 's'}` });
      continue;
    }
    // Whether a mail's reading showed its message, as a sentence rather than 'Message shown: No'.
    if (key === 'bodyShown' && typeof value === 'boolean') {
      parts.push({ label: '', value: value ? 'The message was read' : 'The message was not shown' });
      continue;
    }
    if (key === 'days' && typeof value === 'number') {
      parts.push({ label: 'Valid for', value: `${value} day${value === 1 ? '' : 's'}` });
      continue;
    }
    const text = valueText(value, people);
    if (text !== null) parts.push({ label: words(key), value: text });
  }
  return parts;
}

/**
 * The details as one line ('Status: New → Quoted · Rows: 12'), for a summary: what changed
 * first, then the other facts; those `recordName` already shows are left out.
 */
export function auditDetailsLine(details: Record<string, unknown> | null, people: People, recordName = ''): string {
  const changed = auditChangesLine(auditChangeRows(details, people));
  const facts = auditDetails(details, people)
    // A short value ('1', 'Yes') is left in: a reference's digits would hide it by chance.
    .filter(({ value }) => value.length < 4 || !recordName.includes(value))
    .map(({ label, value }) => {
      if (label === '') return value;
      // 'Note changed', not 'Note changed: Yes'; 'Extended by 1 month', 'From New'.
      if (value === 'Yes') return label;
      return READS_ON.has(label) ? `${label} ${value}` : `${label}: ${value}`;
    });
  return [changed, ...facts].filter(Boolean).join(' · ');
}
