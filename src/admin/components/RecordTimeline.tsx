import { useCallback, useEffect, useState } from 'react';
import { ArrowRightLeft, BadgeEuro, CalendarCheck, CalendarPlus, CalendarX, Inbox, Mail, StickyNote } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { LOST_REASON_LABELS, type LostReason } from '#src/schemas/follow-up.ts';
import type { TimelineEntryView } from '#src/schemas/record-timeline.ts';
import { formatEuro } from '../format.ts';
import { Panel } from '../kit/Panel.tsx';
import { statusLabel } from '../kit/StatusBadge.tsx';
import { loadTimeline, type RecordArea } from '../stores/record-timeline.ts';
import { TimelineDays, type TimelineItem } from './TimelineDays.tsx';
import { RetryAlert } from '../kit/RetryAlert.tsx';

const ICONS: Record<TimelineEntryView['type'], string> = {
  received: Inbox,
  status: ArrowRightLeft,
  note: StickyNote,
  'next-step-set': CalendarPlus,
  'next-step-done': CalendarCheck,
  'next-step-cleared': CalendarX,
  outcome: BadgeEuro,
  mail: Mail,
};

const MAIL_STATUS: Record<NonNullable<TimelineEntryView['mail']>['status'], { label: string; tone: string }> = {
  queued: { label: 'Queued', tone: 'bo-badge bo-badge-progress' },
  sent: { label: 'Sent', tone: 'bo-badge bo-badge-success' },
  failed: { label: 'Failed', tone: 'bo-badge bo-badge-danger' },
};

const due = (day: string | null) => (day ? `, due ${formatCalendarDate(day)}` : '');

/** What happened, in a sentence after who did it. */
function whatHappened(entry: TimelineEntryView, noun: string): string {
  switch (entry.type) {
    case 'received':
      return `${noun} received from the website`;
    case 'status':
      return entry.fromStatus
        ? `changed the status from ${statusLabel(entry.fromStatus)} to ${statusLabel(entry.toStatus ?? '')}`
        : `set the status to ${statusLabel(entry.toStatus ?? '')}`;
    case 'note':
      return 'added a note';
    case 'next-step-set':
      return `booked the next step: ${entry.step}${due(entry.due)}`;
    case 'next-step-done':
      return `marked done: ${entry.step}`;
    case 'next-step-cleared':
      return entry.step ? `cleared the next step: ${entry.step}` : 'cleared the next step';
    case 'outcome':
      if (entry.outcome === 'lost') return `recorded it lost: ${entry.lostReason ? LOST_REASON_LABELS[entry.lostReason as LostReason] : 'no reason given'}`;
      return `recorded the quote: ${[entry.premium ? `${formatEuro(entry.premium)} premium` : '', entry.insurer].filter(Boolean).join(' with ') || 'no premium yet'}`;
    case 'mail':
      return 'Mail';
  }
}

/** The icon's colour of each kind of entry: what came in or was done, and what was sent or planned. */
const TONES: Partial<Record<TimelineEntryView['type'], TimelineItem['tone']>> = {
  received: 'success',
  'next-step-done': 'success',
  mail: 'brand',
  'next-step-set': 'brand',
};

/** An entry as the timeline draws it: who did what, or the mail with its subject and where it stands. */
function toItem(entry: TimelineEntryView, noun: string): TimelineItem {
  const mail = entry.mail;
  return {
    key: `${entry.type}-${entry._id}`,
    at: entry.at,
    icon: ICONS[entry.type],
    kind: entry.type,
    tone: TONES[entry.type],
    line: mail ? (
      <span className="rt-mail-line">
        Mail to {mail.to.join(', ')}:{' '}
        <a href={`/admin/mail/view/${entry._id}`} className="rt-mail-subject">
          {mail.subject || '(no subject)'}
        </a>{' '}
        <span className={MAIL_STATUS[mail.status].tone}>{MAIL_STATUS[mail.status].label}</span>
      </span>
    ) : (
      <>
        {entry.by && <strong>{entry.by} </strong>}
        {whatHappened(entry, noun)}
      </>
    ),
    note: entry.note,
  };
}

type Props = {
  area: RecordArea;
  id: string;
  /** What the page calls the record ("Callback", "Quote", "Renewal"). */
  noun: string;
  /** Changes whenever the record is saved, so the feed reads again. */
  version: string;
};

/**
 * A record's timeline in the main column, as HubSpot and Pipedrive show one: when it came in,
 * what staff did (status changes, notes, next steps booked and done, outcomes) and every mail
 * sent about it, newest first and grouped by day, older pages on request. A note is written in
 * the "Owner and next step" card (NextStepPanel), the record's one text box, and read here.
 */
export function RecordTimeline({ area, id, noun, version }: Props) {
  const [entries, setEntries] = useState<TimelineEntryView[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState('');

  const load = useCallback(
    async (before?: string) => {
      setLoading(true);
      setProblem('');
      try {
        const page = await loadTimeline(area, id, before);
        setEntries((shown) => (before && shown ? [...shown, ...page.entries] : page.entries));
        setNext(page.next);
      } catch (error) {
        setProblem(messageOf(error));
      } finally {
        setLoading(false);
      }
    },
    [area, id],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a save elsewhere on the page (a new version) reads the feed again.
  useEffect(() => {
    void load();
  }, [load, version]);

  return (
    <Panel title="Timeline" className="rt-panel">
      {problem && <RetryAlert message={problem} onRetry={() => void load()} />}
      {entries === null && !problem ? (
        <p className="bo-hint" aria-live="polite">
          Loading the timeline…
        </p>
      ) : (
        <TimelineDays items={(entries ?? []).map((entry) => toItem(entry, noun))} />
      )}
      {next && (
        <div className="rt-more">
          <button type="button" className="bo-button" disabled={loading} onClick={() => void load(next)}>
            {loading ? 'Loading…' : 'Show older activity'}
          </button>
        </div>
      )}
    </Panel>
  );
}
