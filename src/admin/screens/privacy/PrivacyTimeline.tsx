import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Ban, CalendarClock, CheckCircle2, ClipboardPlus, Download, FileText, RotateCcw, SearchCheck, StickyNote, Trash2, UserRound } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { formatTime } from '#src/admin/format.ts';
import type { PrivacyRequestView } from '#src/schemas/privacy-register.ts';
import type { PersonCounts, PrivacyTimelineEntryView, PrivacyTimelineView } from '#src/schemas/privacy-timeline.ts';
import { TimelineDays, type TimelineItem } from '#src/admin/components/TimelineDays.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { $personActions } from '#src/admin/stores/privacy.ts';
import { loadPrivacyTimeline } from '#src/admin/stores/privacy-register.ts';
import { RetryAlert } from '#src/admin/kit/RetryAlert.tsx';
import { groupLookUps, type LookUps } from './look-ups.ts';

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A list in words: "a", "a and b", "a, b and c". */
const joinWords = (parts: string[]) => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** What a look-up, export or erasure found, counted: never what it was. */
function found(counts: PersonCounts | null): string {
  if (!counts) return '';
  const parts = [
    counts.callbacks ? count(counts.callbacks, 'callback') : '',
    counts.requests ? count(counts.requests, 'quote or renewal request', 'quote and renewal requests') : '',
    counts.files ? count(counts.files, 'document') : '',
    counts.mails ? count(counts.mails, 'mail') : '',
    counts.user ? 'a staff account' : '',
  ].filter(Boolean);
  return parts.length ? joinWords(parts) : 'nothing';
}

const STATUS_WORDS = { completed: 'marked it completed', refused: 'refused it', open: 'reopened it' } as const;
const STATUS_ICONS = { completed: CheckCircle2, refused: Ban, open: RotateCcw } as const;

/** An entry in a sentence after who did it, with its icon, colour and any words under it. */
function toItem(entry: PrivacyTimelineEntryView): TimelineItem {
  const base = { key: entry._id, at: entry.at, kind: entry.type };
  const by = <strong>{entry.by} </strong>;
  switch (entry.type) {
    case 'logged': {
      const dates = [entry.receivedOn && `received ${formatCalendarDate(entry.receivedOn)}`, entry.dueOn && `due ${formatCalendarDate(entry.dueOn)}`];
      const when = dates.filter(Boolean).join(', ');
      return {
        ...base,
        icon: ClipboardPlus,
        tone: 'success',
        line: (
          <>
            {by}logged the request{when ? `, ${when}` : ''}
          </>
        ),
      };
    }
    case 'updated': {
      const parts = [
        entry.status ? STATUS_WORDS[entry.status.to] : '',
        entry.owner ? (entry.owner.to ? `assigned it to ${entry.owner.to}` : 'left it unassigned') : '',
        entry.noteChanged ? 'changed the note' : '',
      ].filter(Boolean);
      const icon = entry.status ? STATUS_ICONS[entry.status.to] : entry.owner ? UserRound : StickyNote;
      const tone = entry.status?.to === 'completed' ? 'success' : undefined;
      const reason = entry.reason ? '. The reason given:' : '';
      return {
        ...base,
        icon,
        tone,
        line: (
          <>
            {by}
            {`${joinWords(parts) || 'saved it unchanged'}${reason}`}
          </>
        ),
        note: entry.reason,
      };
    }
    case 'note':
      return {
        ...base,
        icon: StickyNote,
        line: (
          <>
            {by}
            added a note
          </>
        ),
        note: entry.note,
      };
    case 'extended': {
      const months = entry.months === 1 ? 'one month' : `${entry.months ?? ''} months`;
      const due = entry.dueOn ? `, to ${formatCalendarDate(entry.dueOn)}` : '';
      return {
        ...base,
        icon: CalendarClock,
        tone: 'brand',
        line: (
          <>
            {by}
            {`extended the deadline by ${months}${due}. The reason given:`}
          </>
        ),
        note: entry.reason,
      };
    }
    case 'looked-up':
      return {
        ...base,
        icon: SearchCheck,
        line: (
          <>
            {by}
            {`looked up what is held: ${found(entry.counts)}`}
          </>
        ),
      };
    case 'exported':
      return {
        ...base,
        icon: entry.format === 'html' ? FileText : Download,
        tone: 'brand',
        line: (
          <>
            {by}
            {`exported ${entry.format === 'html' ? 'the page for the person' : 'the data file'}: ${found(entry.counts)}`}
          </>
        ),
      };
    case 'erased':
      return {
        ...base,
        icon: Trash2,
        tone: 'danger',
        line: (
          <>
            {by}
            {`erased the person’s data: ${found(entry.counts)}`}
          </>
        ),
      };
  }
}

/** A run of look-ups as one entry, at the newest's time, each look-up and what it found folded under it. */
function lookUpsItem({ entries }: LookUps): TimelineItem {
  const newest = entries[0]!;
  return {
    key: newest._id,
    at: newest.at,
    kind: 'looked-up',
    icon: SearchCheck,
    line: (
      <>
        <strong>{newest.by} </strong>
        {`looked up what is held ${entries.length} times`}
      </>
    ),
    more: (
      <details className="bo-fold rt-fold">
        <summary>Each look-up</summary>
        <ul className="rt-fold-list">
          {entries.map((entry) => (
            <li key={entry._id}>
              <time dateTime={entry.at}>{formatTime(entry.at)}</time>
              {`: ${found(entry.counts)}`}
            </li>
          ))}
        </ul>
      </details>
    ),
  };
}

/**
 * A privacy request's timeline (its page's main column): logged, changed, extended, and each
 * look-up (a run of them as one entry), export and erasure made for it, newest first and grouped by day, as a callback's or
 * a quote's timeline looks. From the audit log, which keeps counts and never the address, so
 * neither does this. Reads itself again when the request is saved or its tools are used.
 */
export function PrivacyTimeline({ request }: { request: PrivacyRequestView }) {
  const actions = useStore($personActions);
  const [timeline, setTimeline] = useState<PrivacyTimelineView | null>(null);
  const [problem, setProblem] = useState('');
  const id = request._id;

  const load = useCallback(async () => {
    setProblem('');
    try {
      setTimeline(await loadPrivacyTimeline(id));
    } catch (error) {
      setProblem(messageOf(error));
    }
  }, [id]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a save (a new updatedAt) or a look-up, export or erasure reads the timeline again.
  useEffect(() => {
    void load();
  }, [load, request.updatedAt, actions]);

  return (
    <Panel title="Timeline" className="rt-panel">
      {problem && <RetryAlert message={problem} onRetry={() => void load()} />}
      {timeline === null ? (
        !problem && (
          <p className="bo-hint" aria-live="polite">
            Loading the timeline…
          </p>
        )
      ) : (
        <>
          <TimelineDays items={groupLookUps(timeline.entries).map((entry) => (entry.type === 'looked-up-many' ? lookUpsItem(entry) : toItem(entry)))} />
          {timeline.more && <p className="bo-hint rt-more">Older entries are in the audit log.</p>}
        </>
      )}
    </Panel>
  );
}
