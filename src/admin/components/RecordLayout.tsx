import type { ReactNode } from 'react';

type Props = {
  /** What the customer asked: a callback's details and message, a quote's groups of answers. */
  main: ReactNode;
  /** The work on the record: owner and next step (with the note), outcome, the person's other requests. */
  work: ReactNode;
  /** The side column's name for a screen reader ("Owner, next step and other requests"). */
  workLabel: string;
  /** The side column's id, for a jump link to it ("At a glance" on a quote). */
  workId?: string;
  /** The record's timeline. */
  timeline: ReactNode;
};

/**
 * The one layout of a callback's, quote's and renewal's page: what the customer asked, its
 * timeline under it (`.bo-detail-after`), and beside both at a desk the work on it, kept in view
 * as the timeline scrolls. In one column: what they asked, the work, then the timeline, so the
 * order read, tabbed and seen is the same on every record.
 */
export function RecordLayout({ main, work, workLabel, workId, timeline }: Props) {
  return (
    <div className="bo-detail">
      <div className="bo-stack">{main}</div>
      <aside id={workId} className={workId ? 'bo-detail-aside bo-jump-target' : 'bo-detail-aside'} aria-label={workLabel}>
        {work}
      </aside>
      <div className="bo-detail-after">{timeline}</div>
    </div>
  );
}
