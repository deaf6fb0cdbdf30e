import { Kanban, Table2 } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { listAddress } from '#src/admin/list/address.ts';
import { boardFilterOf } from '#src/admin/stores/lead-board.ts';
import type { LeadArea, LeadFilter } from '#src/admin/stores/leads.ts';

/**
 * Table | Board in the header of the Quotes and Renewals screens: two addresses of the same
 * requests, as Directus switches a collection's layout. Links (each view is a page of its own,
 * `aria-current` on the one shown), carrying the search, kind, owner and next step the two share.
 */
export function LeadLayoutSwitch({ area, current, filter }: { area: LeadArea; current: 'table' | 'board'; filter: LeadFilter }) {
  const kept = boardFilterOf(area, filter);
  const link = (layout: 'table' | 'board', words: string, svg: string) => (
    <a
      className="bo-button bo-button-quiet"
      href={listAddress(layout === 'table' ? `/admin/${area}` : `/admin/${area}/board`, kept, 0)}
      aria-current={layout === current ? 'page' : undefined}
    >
      <Icon svg={svg} size={16} />
      {words}
    </a>
  );
  return (
    <nav className="bo-segmented" aria-label="Layout">
      {link('table', 'Table', Table2)}
      {link('board', 'Board', Kanban)}
    </nav>
  );
}
