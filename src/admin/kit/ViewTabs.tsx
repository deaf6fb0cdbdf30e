import type { ReactNode } from 'react';

/** One sub-view: a page of its own (`href`, the Users screen's Invitations) or a ready-made filter of the list on screen (`onSelect`, Overdue). */
export type ViewTab = {
  label: string;
  current: boolean;
  /** How many records it holds ("12", "1,000+"), after its name. */
  count?: string | undefined;
  /** The count in red for what is late or failed, amber for what soon will be. */
  tone?: 'danger' | 'warning' | undefined;
} & ({ href: string; onSelect?: never } | { onSelect(): void; href?: never });

type Props = {
  /** The group's name for a screen reader ('Views', 'Users'). */
  label: string;
  tabs: readonly ViewTab[];
  /** Another way to choose on a phone (ListViews' select): this row is then for wide screens only. */
  foldsOnPhone?: boolean;
};

const words = (tab: ViewTab): ReactNode => (
  <>
    {tab.label}
    {/* A space, so the name reads "Overdue 3" rather than "Overdue3". */}
    {tab.count && ' '}
    {tab.count && (
      <span className="bo-view-count" data-tone={tab.tone}>
        {tab.count}
      </span>
    )}
  </>
);

/**
 * The one look of a screen's sub-views, above its list: a quiet segmented row, the current one
 * raised, as Linear and Directus put saved views. Links between addresses when each view is a
 * page of its own (`aria-current`: the Users screen's Accounts and Invitations), toggle buttons
 * when they filter the list on screen (`aria-pressed`: a list's All, Mine, Overdue; the audit
 * log's Changes, Views, Exports).
 */
export function ViewTabs({ label, tabs, foldsOnPhone }: Props) {
  const className = foldsOnPhone ? 'bo-views bo-views-folds' : 'bo-views';
  if (tabs.every((tab) => tab.href !== undefined))
    return (
      <nav className={className} aria-label={label}>
        {tabs.map((tab) => (
          <a key={tab.label} className="bo-view" href={tab.href} aria-current={tab.current ? 'page' : undefined}>
            {words(tab)}
          </a>
        ))}
      </nav>
    );
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{label}</legend>
      {tabs.map((tab) => (
        <button key={tab.label} type="button" className="bo-view" aria-pressed={tab.current} onClick={tab.onSelect}>
          {words(tab)}
        </button>
      ))}
    </fieldset>
  );
}
