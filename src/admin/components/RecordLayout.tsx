import type { ReactNode } from 'react';
import './record-layout.css';

type Props = {
  /** What a broker reads first ("At a glance" on a quote or renewal): across the page at a desk. */
  summary?: ReactNode;
  /** What the customer asked: a callback's details and message, a quote's groups of answers. */
  main: ReactNode;
  /** The work on the record: owner and next step (with the note), outcome, the person's other requests. */
  work: ReactNode;
  /** The side column's name for a screen reader ("Owner, next step and other requests"). */
  workLabel: string;
  /** The side column's id, for a jump link to it. */
  workId?: string;
  /** The record's timeline. */
  timeline: ReactNode;
};

/**
 * The one layout of a callback's, quote's and renewal's page. At a desk: the summary across the
 * page, what the customer asked under it with its timeline, and beside both the work on it, kept
 * in view as the timeline scrolls. In one column (a phone, a tablet) the page reads as a record
 * does in HubSpot's or Pipedrive's app: who and what first (the summary, the contact details and
 * the message, or a quote's folded groups of answers), then the work on it, then the timeline.
 * The page's order is that reading order, so read, tabbed and seen agree (record-layout.css places
 * the parts at a desk). On a phone the owner and next step follow what was asked, which also keeps
 * Mark done clear of the Call and Email bar on the first screen.
 */
export function RecordLayout({ summary, main, work, workLabel, workId, timeline }: Props) {
  return (
    <div className="bo-detail bo-record">
      {summary && <div className="bo-record-summary">{summary}</div>}
      <div className="bo-stack">{main}</div>
      <aside id={workId} className={workId ? 'bo-detail-aside bo-jump-target' : 'bo-detail-aside'} aria-label={workLabel}>
        {work}
      </aside>
      <div className="bo-detail-after">{timeline}</div>
    </div>
  );
}
