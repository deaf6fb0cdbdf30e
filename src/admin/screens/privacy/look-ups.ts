import { dublinIso } from '#src/lib/dublin-time.ts';
import type { PrivacyTimelineEntryView } from '#src/schemas/privacy-timeline.ts';

/** Look-ups made one after another, by one person on one day: one entry saying how many, newest first. */
export type LookUps = { type: 'looked-up-many'; entries: PrivacyTimelineEntryView[] };

const dayOf = (at: string) => dublinIso(at).slice(0, 10);

/**
 * A privacy request's timeline (newest first) with each run of look-ups by the same person on
 * the same Dublin day drawn as one ("looked up what is held 3 times"): a look-up repeated while
 * working a request says nothing new, and one entry each buried what was done between them.
 */
export function groupLookUps(entries: readonly PrivacyTimelineEntryView[]): (PrivacyTimelineEntryView | LookUps)[] {
  const out: (PrivacyTimelineEntryView | LookUps)[] = [];
  for (const entry of entries) {
    const last = out.at(-1);
    const first = last && (last.type === 'looked-up-many' ? last.entries[0] : last);
    const joins = entry.type === 'looked-up' && first?.type === 'looked-up' && first.by === entry.by && dayOf(first.at) === dayOf(entry.at);
    if (!last || !joins) out.push(entry);
    else if (last.type === 'looked-up-many') last.entries.push(entry);
    else out[out.length - 1] = { type: 'looked-up-many', entries: [last, entry] };
  }
  return out;
}
