import type { DragEvent } from 'react';
import { Clock, ListTodo } from 'lucide-static';
import { formatCalendarDate, formatDublinDateTime } from '#src/lib/dublin-time.ts';
import { leadKinds, leadStatuses, type LeadStatus } from '#src/schemas/leads/index.ts';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import { formatEuro } from '#src/admin/format.ts';
import { DueIn } from '#src/admin/kit/DueIn.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import type { Lead, LeadArea } from '#src/admin/stores/leads.ts';
import { ageOf, initialsOf } from './card-facts.ts';
import { premiumShown } from './outcome-facts.ts';

type Props = {
  area: LeadArea;
  lead: Lead;
  /** How the area names a stage (a renewal's won is 'Renewed'). */
  label: (status: string) => string;
  /** Asks to move the request to another stage (the board saves it, or asks for more first). */
  onMove(to: LeadStatus): void;
  /** Dragging between columns, for a mouse; a phone's and the keyboard's way is the card's menu. */
  draggable: boolean;
  dragging: boolean;
  onDragStart(): void;
  onDragEnd(): void;
};

/**
 * One request on the board, short as a CRM's deal card, with what a broker scans for: its
 * reference and name (a link that covers the whole card, so a click anywhere opens the record);
 * the value in bold (the premium quoted, else the customer's current premium, marked so) with
 * the owner's initials across from it; how long ago it came in and its kind; the next step's
 * words, cut to one line, and when it is due (red once overdue, as the lists say it); and a
 * renewal's date. The ⋮ menu ("Options for VQ-…", as a list row's) moves it by keyboard or
 * pointer; a mouse may drag it.
 */
export function BoardCard({ area, lead, label, onMove, draggable, dragging, onDragStart, onDragEnd }: Props) {
  const start = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    // Some browsers start a drag only with data; the reference reads sensibly if dropped elsewhere.
    event.dataTransfer.setData('text/plain', lead.reference);
    onDragStart();
  };
  const value = premiumShown(lead);
  const age = ageOf(lead.createdAt);
  return (
    <li className="board-card" data-card={lead._id} data-dragging={dragging || undefined} draggable={draggable} onDragStart={start} onDragEnd={onDragEnd}>
      <div className="board-card-head">
        {/* Not draggable itself: a drag that starts on the card moves the card, not the link's address. */}
        <a className="board-card-title" href={`/admin/${area}/view/${lead._id}`} draggable={false}>
          <span className="board-card-reference">{lead.reference}</span>
          <span className="board-card-name">{lead.name}</span>
        </a>
        <OptionsMenu
          label={`Options for ${lead.reference}`}
          className="board-card-menu"
          items={leadStatuses
            .filter((status) => status !== lead.status)
            .map((status) => ({ label: `Move to ${label(status)}`, onSelect: () => onMove(status) }))}
        />
      </div>
      <div className="board-card-value">
        {value && (
          <p className="board-card-premium">
            {formatEuro(value.amount)}
            {value.current && <span className="board-card-current"> current</span>}
          </p>
        )}
        {lead.owner ? (
          <span className="board-card-owner" title={`Owner: ${lead.owner.name}`}>
            <span className="bo-avatar board-card-avatar" data-initials={initialsOf(lead.owner.name)} aria-hidden="true" />
            <span className="visually-hidden">Owner: {lead.owner.name}</span>
          </span>
        ) : (
          <span className="board-card-owner board-card-unassigned">Unassigned</span>
        )}
      </div>
      <p className="board-card-meta">
        <span className="board-card-age" title={`Received ${formatDublinDateTime(lead.createdAt)}`}>
          <Icon svg={Clock} size={13} />
          <span className="visually-hidden">Received </span>
          {age}
          {age !== 'today' && <span className="visually-hidden"> ago</span>}
        </span>
        {area === 'quotes' && <span>{leadKinds[lead.kind].label}</span>}
      </p>
      {lead.nextStep && (
        <p className="board-card-step" title={lead.nextStep}>
          <Icon svg={ListTodo} size={13} />
          <span className="visually-hidden">Next step: </span>
          <span className="board-card-step-words">{lead.nextStep}</span>
          {lead.nextStepDue && (
            <>
              {' '}
              <DueIn date={lead.nextStepDue} overdue />
            </>
          )}
        </p>
      )}
      {lead.renewalDate && (
        <p className="board-card-meta">
          <span className="board-card-date">Renews {formatCalendarDate(lead.renewalDate)}</span> <DueIn date={lead.renewalDate} />
        </p>
      )}
    </li>
  );
}
