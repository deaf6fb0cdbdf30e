import type { ListView } from './descriptor.ts';

type Filter = Record<string, string | undefined>;

type Props = {
  views: ListView[];
  filter: Filter;
  /** Every key the list's filters and order set. */
  filterKeys: string[];
  /** The order's key: kept when a view is chosen, and not part of what makes a view current. */
  order?: string;
  onChoose(filter: Filter): void;
};

/** Whether the list's filters (its order aside) are exactly the view's. */
const isCurrent = (view: ListView, filter: Filter, keys: string[], order?: string) =>
  keys.filter((key) => key !== order).every((key) => (filter[key] ?? '') === (view.filter[key] ?? ''));

/**
 * A list's views ('All', 'Mine', 'Unassigned', 'New') as a row of toggle buttons above its
 * filters, as Linear and Directus put saved views: one click each, the one on screen pressed.
 */
export function ListViews({ views, filter, filterKeys, order, onChoose }: Props) {
  return (
    // On a phone the row scrolls sideways rather than wrapping (kit.css).
    <fieldset className="bo-views" data-scrolls="">
      <legend className="visually-hidden">Views</legend>
      {views.map((view) => {
        const current = isCurrent(view, filter, filterKeys, order);
        return (
          <button
            key={view.label}
            type="button"
            className="bo-view"
            aria-pressed={current}
            onClick={() => onChoose({ ...view.filter, ...(order && filter[order] ? { [order]: filter[order] } : {}) })}
          >
            {view.label}
          </button>
        );
      })}
    </fieldset>
  );
}
