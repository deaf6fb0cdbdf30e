import { formatDublinDateTime, formatDublinTime } from '../lib/dublin-time.ts';

/**
 * Dates in the back-office's lists and details: Irish English on Dublin's clock, whatever the
 * browser's language (an en-US browser still sees "23 Nov 2026, 20:31"). One formatter for
 * every screen: src/lib/dublin-time.ts, shared with the mails and the CSV exports.
 */
export const formatDateTime = (iso: string): string => formatDublinDateTime(iso);

/** A time of day today (an autosave's): "14:32", on Dublin's clock. */
export const formatTime = (iso: string): string => formatDublinTime(iso);

export { formatEuro } from '../lib/euro.ts';

/** A count as staff read it: "12", "1,234", or "1,000+" for one counted only up to `cap` (the lists' view counts). */
export const formatCount = (count: number, cap?: number): string =>
  cap !== undefined && count >= cap ? `${cap.toLocaleString('en-IE')}+` : count.toLocaleString('en-IE');
