import type { DragEvent } from 'react';
import { CalendarClock, ListTodo, UserRound } from 'lucide-static';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { leadKinds, leadStatuses, type LeadStatus } from '#src/schemas/leads/index.ts';
import { OptionsMenu } from '#src/ui/OptionsMenu.tsx';
import { formatEuro } from '#src/admin/format.ts';
import { DueIn } from '#src/admin/kit/DueIn.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import type { Lead, LeadArea } from '#src/admin/stores/leads.ts';

type Props = {
  area: LeadArea;
  lead: Lead;
  /** How the area names a stage (a renewal's won is 'Renewed'). */
  label: (status: string) => string;
  /** Asks to move the request to another stage (the board saves it, or asks for more first). */
  onMove(to: LeadStatus): void;
  /** Dragging between columns, for a mouse; a phone's and the keyboard's way is the Move menu. */
  draggable: boolean;
  dragging: boolean;
  onDragStart(): void;
  onDragEnd(): void;
};

/**
 * One request on the board, read as the list's row is (LeadsList.tsx): its reference and name,
 * a link to its page; the kind and premium; a renewal's date; who owns it; when its next step
 * is due. "Move to…" (the lists' options menu) moves it by keyboard or pointer; a mouse may
 * drag it to another column instead.
 */
export function BoardCard({ area, lead, label, onMove, draggable, dragging, onDragStart, onDragEnd }: Props) {
  const facts = [area === 'quotes' ? leadKinds[lead.kind].label : '', lead.premium ? formatEuro(lead.premium) : ''].filter(Boolean);
  const start = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.effectAllowed = 'move';
    // Some browsers start a drag only with data; the reference reads sensibly if dropped elsewhere.
    event.dataTransfer.setData('text/plain', lead.reference);
    onDragStart();
  };
  return (
    <li className="board-card" data-card={lead._id} data-dragging={dragging || undefined} draggable={draggable} onDragStart={start} onDragEnd={onDragEnd}>
      {/* Not draggable itself: a drag that starts on the words moves the card, not the link's address. */}
      <a className="board-card-title" href={`/admin/${area}/view/${lead._id}`} draggable={false}>
        <span className="board-card-reference">{lead.reference}</span>
        <span className="board-card-name">{lead.name}</span>
      </a>
      {facts.length > 0 && <p className="board-card-facts">{facts.join(' · ')}</p>}
      {lead.renewalDate && (
        <p className="board-card-line">
          <Icon svg={CalendarClock} size={14} />
          <span>
            Renews {formatCalendarDate(lead.renewalDate)} <DueIn date={lead.renewalDate} />
          </span>
        </p>
      )}
      <p className="board-card-line">
        <Icon svg={UserRound} size={14} />
        <span className="visually-hidden">Owner: </span>
        <span className="board-card-owner">{lead.owner?.name ?? 'Unassigned'}</span>
      </p>
      {lead.nextStep && lead.nextStepDue && (
        <p className="board-card-line" title={lead.nextStep}>
          <Icon svg={ListTodo} size={14} />
          <span>
            Next step <DueIn date={lead.nextStepDue} overdue />
          </span>
        </p>
      )}
      <OptionsMenu
        label={`Move ${lead.reference} to…`}
        className="board-card-move"
        buttonClassName="bo-button bo-button-quiet"
        button={
          <>
            Move to…<span className="visually-hidden"> {lead.reference}</span>
          </>
        }
        items={leadStatuses.filter((status) => status !== lead.status).map((status) => ({ label: label(status), onSelect: () => onMove(status) }))}
      />
    </li>
  );
}
