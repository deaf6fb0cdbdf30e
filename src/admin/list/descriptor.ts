import type { ReactNode } from 'react';
import type { OptionsMenuItem } from '#src/ui/OptionsMenu.tsx';
import type { Crumb } from '../kit/PageHeader.tsx';

/**
 * What a back-office list screen is, as data: its columns, filters, row actions, bulk actions
 * and exports. ListScreen draws the table, the phone's cards (from the same columns, so a
 * value is always beside its own label), the filter bar, the bulk bar and the empty states
 * from it. docs/back-office.md walks through one.
 */

export type Column<Item> = {
  key: string;
  /** The header, and the label beside the value on a phone's card. */
  label: string;
  cell(item: Item): ReactNode;
  /** The cell as plain text, for a cell cut to one line: the whole of it shows on hover. */
  text?(item: Item): string;
  /** A fixed width (CSS length); columns without one share what is left. */
  width?: string;
  /**
   * Cut to one line with an ellipsis (the whole text on hover, and while the row has keyboard
   * focus); 2: wrapped to two lines before it is cut (a post's title, which one line would hide).
   */
  truncate?: boolean | 2;
  /** The row has no value here (no owner yet): a phone's card leaves the line out rather than label a dash. */
  empty?(item: Item): boolean;
  /** Kept on one line (dates, phone numbers, references). */
  nowrap?: boolean;
  /**
   * Its header may take two lines rather than be cut (a name that must be long to be clear, over
   * a narrow column); other headers stay on one line.
   */
  labelWraps?: boolean;
  /**
   * Stepped aside when the list's box narrows: 4 below 1,400 px, 3 below 960 px, 2 below
   * 800 px (a phone's cards show every column). What it said can go under the row's name
   * meanwhile (the list's `secondaryColumns`). Only such a column may be hidden with the
   * Columns menu, which hides it everywhere: the table, the line under the name and the cards.
   */
  priority?: 2 | 3 | 4;
  align?: 'end';
  /**
   * Its place on a phone's card, which otherwise shows it on a line of its own beside its label:
   * 'badge' beside the title (a status), 'text' as two lines of the row's words (a message),
   * 'meta' in one line of facts that explain themselves (a phone number, a date). The label is
   * still read out. 'omit' leaves it off the card: a detail the record's own page shows, where a
   * labelled line on every card would bury what matters.
   */
  card?: 'badge' | 'text' | 'meta' | 'omit';
  /**
   * The header sorts by this column: the list's order values (`order`) for each direction ('' is
   * the list's default order), and the direction a first click takes.
   */
  sort?: { ascending: string; descending: string; first: 'ascending' | 'descending' };
};

export type FilterOption = { value: string; label: string };

/**
 * A named set of filter values. The list's order is kept when one is chosen, unless the view
 * has its own (`order`: the Overdue view, most overdue first). `count`: how many records it
 * holds, where that is cheap to know (`countCap`: a count at the cap means that many or more).
 */
/** `tone`: its count, when there is one, is drawn in red for what is late or failed (Overdue, Failed), amber for what soon will be (Due soon). */
export type ListView = { label: string; filter: Record<string, string>; order?: string; count?: number; countCap?: number; tone?: 'danger' | 'warning' };

export type FilterSpec =
  | {
      key: string;
      label: string;
      kind: 'select';
      options: readonly FilterOption[];
      /** The choice that means no filter, e.g. 'Any status'; left out where a choice is always made (the list's `defaults`). */
      any?: string;
    }
  /**
   * `scope`: what the box searches ('Name or reference'), beside its label; the box itself says only 'Search', which fits at 320 px.
   * `folded`: a narrow search (an IP address) that waits among the choices, in the Filters panel on a phone, rather than beside the main search.
   */
  | { key: string; label: string; kind: 'search'; scope?: string; maxLength?: number; folded?: boolean }
  | { key: string; label: string; kind: 'date' }
  /** Two dates under one label ('Received'), each its own key in the address ('from', 'to'); either may be left open. */
  | { key: string; label: string; kind: 'dateRange'; from: string; to: string };

/** The address keys a filter sets: its own, or a date range's two. */
export const filterKeysOf = (filter: FilterSpec): string[] => (filter.kind === 'dateRange' ? [filter.from, filter.to] : [filter.key]);

/** Changes to the chosen rows. Each answers the server's message; the list reloads. */
export type BulkActions = {
  statuses?: readonly FilterOption[];
  onStatus?(ids: string[], status: string): Promise<string>;
  owners?: readonly { _id: string; name: string }[];
  onOwner?(ids: string[], ownerId: string | null): Promise<string>;
  onExport?(ids: string[]): Promise<void>;
  onDelete?(ids: string[]): Promise<string>;
};

export type ListDescriptor<Item> = {
  title: string;
  description?: ReactNode;
  breadcrumb?: Crumb[];
  /** What a row is, one and many ("callback", "callbacks"): the count, the bulk bar, the loading message. */
  noun: { one: string; many: string };
  columns: Column<Item>[];
  /** The column that names the row: a link to the record, and the card's title on a phone. */
  primary: string;
  /** A second line under the row's name that is no column of its own (a request's person under its reference). */
  secondary?(item: Item): ReactNode;
  /**
   * Columns whose words go under the row's name while the list's width steps them aside, so
   * what they said is not lost (a callback's email and message): each entry a line, an array
   * several columns' words on one line ("Van · 191-L-4521"). Drawn from the columns themselves
   * (`text`, else a plain `cell`), so a column hidden with the Columns menu leaves the line too;
   * cards and a wide table show the columns, so neither repeats them.
   */
  secondaryColumns?: readonly (string | readonly string[])[];
  rowId(item: Item): string;
  /** What the row is called to a screen reader ("Select Seán Murphy", "Options for Seán Murphy"). */
  rowName(item: Item): string;
  /** Drawn as a grid of tiles, each this picture over the row's name and second line (the media library), not as a table. */
  tile?(item: Item): ReactNode;
  /**
   * Where a row opens; the whole row is a target for the pointer, its name a link for the
   * keyboard, and the row menu's first item ('View', or `openLabel`) goes there too.
   */
  rowHref?(item: Item): string;
  /** The row menu's way to the record: 'Edit' where its page is a form (the spec's users list), 'View' otherwise. */
  openLabel?: 'Edit' | 'View';
  /** The row's other actions, between the way to the record and Delete (row-menu.ts). */
  rowActions?(item: Item): OptionsMenuItem[];
  /**
   * Delete, the row menu's last item: 'Are you sure?', then `run` (answering the server's
   * message, shown in a 'Deleted!' toast). `allowed`: rows it is offered on (not one's own
   * account); `detail`: a sentence under the question where a delete takes more with it.
   */
  remove?: { run(item: Item): Promise<string>; allowed?(item: Item): boolean; detail?: string };
  filters?: FilterSpec[];
  /**
   * Ready-made filters named as staff think of them ('Mine', 'Unassigned'), one click each above
   * the filter bar; the first is the whole list. A view is on while the filters are exactly its own.
   */
  views?: ListView[];
  /**
   * Filters the list opens with when its address names none, and returns to when they are
   * cleared: the audit log opens on its changes (`?activity=changes`). They are written to the
   * address like any other, so a filter with a default needs a value of its own for the whole
   * list (the audit log's `all`), and its select no 'any' choice.
   */
  defaults?: Record<string, string>;
  /** The list's order ('Newest first' and the others), chosen beside the count rather than among the filters. */
  order?: Extract<FilterSpec, { kind: 'select' }>;
  /** The screen's own actions beside its title (Create). */
  actions?: ReactNode;
  /** Downloads of the list as filtered now. */
  exports?: { label: string; href(): string; download: string }[];
  bulk?: BulkActions;
  /** The list has nothing at all: what is missing and what to do next. */
  empty: { icon: string; title: string; text: ReactNode; action?: ReactNode };
};
