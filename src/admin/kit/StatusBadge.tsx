/** The tone each status is drawn in, across callbacks, requests, posts and mail: one meaning per colour. */
const TONES: Record<string, 'info' | 'progress' | 'special' | 'success' | 'danger' | 'neutral'> = {
  new: 'info',
  queued: 'info',
  contacted: 'progress',
  scheduled: 'progress',
  quoted: 'special',
  won: 'success',
  published: 'success',
  sent: 'success',
  failed: 'danger',
  lost: 'neutral',
  closed: 'neutral',
  draft: 'neutral',
  // A privacy request.
  open: 'info',
  completed: 'success',
  refused: 'neutral',
  // A user's two-factor sign-in.
  on: 'success',
  'not set up': 'progress',
  // A staff account an administrator has suspended.
  suspended: 'danger',
  // An invitation to the staff, and an API token.
  pending: 'info',
  accepted: 'success',
  active: 'success',
  expired: 'neutral',
  revoked: 'neutral',
  // A webhook delivery: received, or tried and due again.
  delivered: 'success',
  retrying: 'progress',
};

/** A status as a word, capitalised ('new' is 'New'). */
export const statusLabel = (status: string): string => status.charAt(0).toUpperCase() + status.slice(1);

/** A renewal's status as the renewals screens name it: won is 'Renewed', lost 'Lapsed'; the stored values and the other lists keep theirs. */
const RENEWAL_WORDS: Partial<Record<string, string>> = { won: 'Renewed', lost: 'Lapsed' };
export const renewalStatusLabel = (status: string): string => RENEWAL_WORDS[status] ?? statusLabel(status);

/** How an area's screens name a stage: the renewals' (list, board, record, dashboard card) with their own words. */
export const statusLabelFor = (area: string): ((status: string) => string) => (area === 'renewals' ? renewalStatusLabel : statusLabel);

/** A record's status as a coloured pill; the word carries the meaning, the colour only helps. */
export function StatusBadge({ status, label = statusLabel(status) }: { status: string; label?: string }) {
  const tone = TONES[status] ?? 'neutral';
  return <span className={tone === 'neutral' ? 'bo-badge' : `bo-badge bo-badge-${tone}`}>{label}</span>;
}
