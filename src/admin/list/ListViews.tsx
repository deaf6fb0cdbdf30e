import { formatCount } from '../format.ts';
import { ViewTabs } from '../kit/ViewTabs.tsx';
import type { ListView } from './descriptor.ts';

type Filter = Record<string, string | undefined>;

type Props = {
  views: ListView[];
  filter: Filter;
  /** Every key the list's filters and order set. */
  filterKeys: string[];
  /** The order's key: kept when a view is chosen, and not part of what makes a view current. */
  order?: string;
  /** The search boxes' keys: a search narrows the view on screen, so it neither unselects the view nor is dropped on choosing another. */
  searchKeys?: string[];
  onChoose(filter: Filter): void;
};

/** Whether the list's filters (its order and searches aside) are exactly the view's. */
const isCurrent = (view: ListView, filter: Filter, keys: string[], order: string | undefined, searchKeys: string[]) =>
  keys.filter((key) => key !== order && !searchKeys.includes(key)).every((key) => (filter[key] ?? '') === (view.filter[key] ?? ''));

/** The words in the list's search boxes, which go with the list from view to view. */
const searchesOf = (filter: Filter, searchKeys: string[]): Filter =>
  Object.fromEntries(searchKeys.filter((key) => filter[key]).map((key) => [key, filter[key]]));

/** A view's count as shown: "12", or "1,000+" at the cap. */
const countText = (view: ListView) => (view.count === undefined ? '' : formatCount(view.count, view.countCap));

/**
 * The filters a view sets: its own, with the list's order kept, unless the view has an order of
 * its own (the Overdue view's, most overdue first), or the order now is another view's own, which
 * goes with leaving that view.
 */
function filterFor(view: ListView, views: ListView[], filter: Filter, order?: string): Filter {
  if (!order) return { ...view.filter };
  if (view.order) return { ...view.filter, [order]: view.order };
  const now = filter[order];
  const kept = now && !views.some((other) => other.order === now) ? { [order]: now } : {};
  return { ...view.filter, ...kept };
}

/**
 * A list's views ('All', 'Mine', 'Unassigned', 'New', 'Overdue') as a row of toggle buttons
 * above its filters (ViewTabs, the look of every screen's sub-views): one click each, the one on
 * screen pressed, with how many records each holds where the list knows it ("Overdue 3").
 */
export function ListViews({ views, filter, filterKeys, order, searchKeys = [], onChoose }: Props) {
  const current = views.findIndex((view) => isCurrent(view, filter, filterKeys, order, searchKeys));
  const choose = (view: ListView) => onChoose({ ...searchesOf(filter, searchKeys), ...filterFor(view, views, filter, order) });
  const labelOf = (view: ListView) => {
    const count = countText(view);
    return count ? `${view.label} (${count})` : view.label;
  };
  return (
    <>
      {/* Wide screens: a row of toggle buttons. A phone gets one select instead (kit.css), so
          every view is in reach on one line, none cut off or left alone on a second row. */}
      <ViewTabs
        label="Views"
        foldsOnPhone
        tabs={views.map((view, index) => ({
          label: view.label,
          current: index === current,
          count: countText(view) || undefined,
          tone: view.count ? view.tone : undefined,
          onSelect: () => choose(view),
        }))}
      />
      <label className="bo-views-select">
        <span>View</span>
        <select
          className="bo-input"
          value={current === -1 ? '' : String(current)}
          onChange={(event) => {
            const view = views[Number(event.target.value)];
            if (view) choose(view);
          }}
        >
          {current === -1 && (
            <option value="" disabled>
              Filtered
            </option>
          )}
          {views.map((view, index) => (
            <option key={view.label} value={String(index)}>
              {labelOf(view)}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
