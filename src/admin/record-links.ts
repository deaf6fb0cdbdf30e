import type { RecordNameView } from '../schemas/record-name.ts';

/** What each kind of record is called, and where its screen is (none for those without one). */
/**
 * `unlisted`: most of its targets name no record (the finder's look-ups, exports and erasures
 * are audited under an id of their own), so one without a name is not called deleted.
 */
const RECORDS: Record<string, { label: string; href?: (id: string, leadKind: string | null) => string; unlisted?: boolean }> = {
  contact: { label: 'Callback', href: (id) => `/admin/contacts/view/${id}` },
  lead: { label: 'Quote or renewal', href: (id, kind) => `/admin/${kind === 'renewal' ? 'renewals' : 'quotes'}/view/${id}` },
  post: { label: 'Post', href: (id) => `/admin/posts/edit/${id}` },
  user: { label: 'User', href: (id) => `/admin/user/edit/${id}` },
  mail: { label: 'Mail', href: (id) => `/admin/mail/view/${id}` },
  media: { label: 'Image or video', href: (id) => `/admin/media/view/${id}` },
  redirect: { label: 'Redirect', href: (id) => `/admin/redirects/edit/${id}` },
  'content-section': { label: 'Content section' },
  'content-element': { label: 'Content element' },
  'privacy-request': { label: 'Privacy request', href: (id) => `/admin/privacy/view/${id}`, unlisted: true },
  'password-reset': { label: 'Password reset' },
  'email-change': { label: 'Change of sign-in email' },
  invitation: { label: 'Invitation', href: () => '/admin/user/invitations' },
  'api-token': { label: 'API token', href: () => '/admin/api-tokens' },
  webhook: { label: 'Webhook', href: (id) => `/admin/webhooks/${id}` },
  // Mail templates live in code, not the database: named by the quoted words after their id.
  template: { label: 'Mail template', unlisted: true },
  'template-test': { label: 'Test of the mail template', unlisted: true },
};

/** Where a record's screen is (`kind` as in RECORDS: 'contact', 'lead', 'post'…), or undefined for a kind without one. */
export const recordHref = (kind: string, id: string, leadKind: string | null = null): string | undefined => RECORDS[kind]?.href?.(id, leadKind);

/** What a kind of record is called ('contact' reads 'Callback'): the audit log's About filter uses the same words as its links. */
export const recordKindLabel = (kind: string): string => RECORDS[kind]?.label ?? kind;

/**
 * A record named as `kind:id` (an audit entry's target, a mail's cause), as staff read it: by
 * its name where it still exists, with a link to its screen; else by its kind, "(deleted)"
 * for one that had a name and is gone.
 */
export function recordLink(target: string | null, record: RecordNameView | null): { text: string; href?: string } {
  if (!target) return { text: '' };
  // 'lead:{id} VQ-2026-000001': the words after the id name a record that may since be gone.
  const [key = '', ...words] = target.split(' ');
  const [kind = '', id = ''] = key.split(':');
  const known = RECORDS[kind];
  // A request's kind is known once it is found: a quote or a renewal.
  const label = kind === 'lead' && record ? (record.leadKind === 'renewal' ? 'Renewal' : 'Quote') : (known?.label ?? kind);
  if (record) {
    const href = known?.href?.(id, record.leadKind);
    return href ? { text: `${label}: ${record.name}`, href } : { text: `${label}: ${record.name}` };
  }
  const named = words.length ? `${label} ${words.join(' ')}` : label;
  return { text: known?.href && !known.unlisted ? `${named} (deleted)` : named };
}
