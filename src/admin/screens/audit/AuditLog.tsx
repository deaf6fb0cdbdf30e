import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { ChevronRight, History } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { formatDublinDateTime } from '#src/lib/dublin-time.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';
import { type AuditActivityChoice, auditActivityChoices, auditRecordKinds, type AuditEntryView } from '#src/schemas/audit-log.ts';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { CREATED_ORDER, CREATED_SORT } from '#src/admin/list/created-order.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { useOwners } from '#src/admin/list/pipeline-parts.ts';
import { recordKindLabel, recordLink } from '#src/admin/record-links.ts';
import { TextWithFacts } from '#src/admin/screens/content/FactChips.tsx';
import { type AuditChangeRow, auditChangeRows } from './audit-changes.ts';
import { auditDetails, auditDetailsLine } from './audit-details.ts';
import './audit.css';

/**
 * An action as a line reads ('Mail viewed', 'API token created'); the log keeps it as written
 * ('mail viewed', 'api token created'), which the search matches.
 */
const sentenceCase = (action: string) => (action.startsWith('api ') ? `API${action.slice(3)}` : action.charAt(0).toUpperCase() + action.slice(1));
/**
 * The action in the words of the screens: the log says 'lead' for quotes and renewals alike,
 * which the back-office calls by their own names ('Renewal moved to quoted').
 */
const actionLabel = (entry: AuditEntryView) => {
  const noun = /^(Quote|Renewal)\b/.exec(recordLink(entry.target, entry.record).text)?.[1];
  return sentenceCase(noun && entry.action.startsWith('lead ') ? `${noun} ${entry.action.slice(5)}` : entry.action);
};
import { $auditLog, auditExportHref, auditLog } from '#src/admin/stores/audit-log.ts';

/** The views that choose the kind of action, in the order the API lists them. */
const ACTIVITY_VIEWS: Record<AuditActivityChoice, string> = { all: 'All', changes: 'Changes', views: 'Views', exports: 'Exports' };

const when = (entry: AuditEntryView) => formatDublinDateTime(entry.createdAt);

/** A value as staff read it: a record of its own as a link to it; a site fact in a text ({salesPhone}) by its name, not in braces. */
const linked = (text: string, href: string | undefined) => (href ? <a href={href}>{text}</a> : <TextWithFacts text={text} />);

/**
 * What an edit changed, field by field: the old value struck through and muted, the new one
 * beside it (stacked on a phone). A list of terms, not a table: a table inside the log's own
 * table would take on its row and card styles.
 */
function ChangesList({ rows }: { rows: readonly AuditChangeRow[] }) {
  if (rows.length === 0) return null;
  return (
    <dl className="audit-changes" aria-label="What changed">
      {rows.map((row) => (
        <div key={row.field}>
          <dt>{row.label}</dt>
          {row.from === undefined ? (
            <dd className="audit-change-note">{linked(row.to, row.toHref)}</dd>
          ) : (
            <dd>
              <span className="audit-before">
                <span className="visually-hidden">Before: </span>
                <del>{linked(row.from, row.fromHref)}</del>
              </span>
              <span className="audit-after">
                <span className="visually-hidden">After: </span>
                {linked(row.to, row.toHref)}
              </span>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** The record an entry is about, as a link where it can be opened, with what changed under it: one line, and the whole of it (the changes, who, when, from where) on request. */
function Record({ entry, people }: { entry: AuditEntryView; people: People }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const { text, href } = recordLink(entry.target, entry.record);
  const details = auditDetails(entry.details, people);
  const changes = auditChangeRows(entry.details, people);
  // What the record's name already says (a reference, a redirect's addresses) is not said twice.
  const line = auditDetailsLine(entry.details, people, text);
  return (
    <div className="audit-record">
      <span className="bo-truncate" title={text}>
        {href ? <a href={href}>{text}</a> : text}
      </span>
      <button type="button" className="audit-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        <Icon svg={ChevronRight} size={14} />
        {open ? 'Hide details' : 'Show details'}
      </button>
      {line && !open && (
        <span className="audit-summary">
          <TextWithFacts text={line} />
        </span>
      )}
      <div id={detailsId} className="audit-details" hidden={!open}>
        <ChangesList rows={changes} />
        <dl>
          {details.map((detail) => (
            <div key={`${detail.label}:${detail.value}`}>
              <dt>{detail.label || 'Change'}</dt>
              <dd>{linked(detail.value, undefined)}</dd>
            </div>
          ))}
          <div>
            <dt>Who</dt>
            <dd>{entry.actor ? `${entry.actor.name} (${entry.actor.email})` : 'The system'}</dd>
          </div>
          <div>
            <dt>When</dt>
            <dd>
              <time dateTime={entry.createdAt}>{when(entry)}</time>
            </dd>
          </div>
          <div>
            <dt>IP address</dt>
            <dd>{entry.address ?? 'Not recorded'}</dd>
          </div>
          {text && (
            <div>
              <dt>About</dt>
              <dd>{linked(text, href)}</dd>
            </div>
          )}
        </dl>
      </div>
    </div>
  );
}

type People = readonly { _id: string; name: string }[];

function auditDescriptor(people: People, staff: People): ListDescriptor<AuditEntryView> {
  return {
    title: 'Audit log',
    description:
      'Who changed what, and when: every change staff make and every sign-in, newest first. Who looked at or downloaded what is under Views and Exports.',
    noun: { one: 'entry', many: 'entries' },
    // What happened leads each line, by whom under it; when follows, as in an activity feed. From
    // where (the IP address) waits in the details: it is looked for seldom, and a column of it took
    // the width the record and its Show details need.
    primary: 'action',
    secondary: (entry) => entry.actor?.name ?? 'System',
    columns: [
      {
        key: 'action',
        label: 'Action',
        cell: actionLabel,
        text: actionLabel,
        // Narrower than the record, which holds what changed and the details when opened; a long
        // action ('Privacy request deadline extended') wraps rather than losing its last word.
        width: '13rem',
      },
      {
        key: 'record',
        label: 'About',
        cell: (entry) => <Record entry={entry} people={staff} />,
      },
      {
        key: 'when',
        label: 'When',
        cell: (entry) => <DateTimeCell at={entry.createdAt} />,
        sort: CREATED_SORT,
        width: DATE_TIME_COLUMN_WIDTH,
        nowrap: true,
        card: 'meta',
      },
    ],
    rowId: (entry) => entry._id,
    rowName: (entry) => `${when(entry)}, ${entry.action}`,
    // Views come with every record opened and would bury what changed: the log opens on the
    // changes, the other views one click away, and the address says which (`?activity=all`).
    defaults: { activity: 'changes' },
    // The kind of action is chosen by these views alone, each one of `auditActivityChoices`.
    views: auditActivityChoices.map((activity) => ({ label: ACTIVITY_VIEWS[activity], filter: { activity } })),
    filters: [
      { key: 'action', label: 'Action', kind: 'search', scope: 'Words in the action', maxLength: 100 },
      { key: 'actor', label: 'Person', kind: 'select', any: 'Anyone', options: people.map((person) => ({ value: person._id, label: person.name })) },
      {
        key: 'kind',
        label: 'About',
        kind: 'select',
        any: 'Anything',
        options: auditRecordKinds.map((kind) => ({ value: kind, label: recordKindLabel(kind) })),
      },
      { key: 'when', label: 'When', kind: 'dateRange', from: 'from', to: 'to' },
    ],
    order: CREATED_ORDER,
    exports: [{ label: 'Export CSV', href: auditExportHref, download: 'audit-log.csv' }],
    empty: { icon: History, title: 'Nothing recorded yet', text: 'Changes staff make, sign-ins and exports are recorded here as they happen.' },
  };
}

/** /admin/audit (Administrators): who did what to which record and when, filtered, paged and exported; filters live in the address. */
export function AuditLog() {
  const { people } = useStore($auditLog);
  // Owners named in the details may never have acted themselves: the staff list names them too.
  const owners = useOwners();
  return <ListScreen source={auditLog} descriptor={auditDescriptor(people, [...people, ...owners])} />;
}
