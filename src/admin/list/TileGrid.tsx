import type { ReactNode } from 'react';
import type { ListDescriptor } from './descriptor.ts';

type Props<Item> = {
  descriptor: ListDescriptor<Item> & { tile(item: Item): ReactNode };
  items: readonly Item[];
  /** Shown in place of the tiles (loading, empty, failed). */
  message?: ReactNode;
  busy: boolean;
};

/**
 * The list as a grid of tiles (the media library), for records best known by a picture: each
 * tile is the descriptor's picture, the primary column's text as a link to the record, and
 * the secondary line. The grid fills as many columns as the box holds (kit.css).
 */
export function TileGrid<Item>({ descriptor, items, message, busy }: Props<Item>) {
  const primary = descriptor.columns.find((column) => column.key === descriptor.primary);
  return (
    <div className="bo-tiles-card" aria-busy={busy}>
      {message ? (
        <div className="bo-table-message">{message}</div>
      ) : (
        <ul className="bo-tiles">
          {items.map((item) => {
            const href = descriptor.rowHref?.(item);
            const name = primary?.text?.(item) ?? descriptor.rowName(item);
            const secondary = descriptor.secondary?.(item);
            return (
              <li key={descriptor.rowId(item)} className="bo-tile">
                <span className="bo-tile-picture">{descriptor.tile(item)}</span>
                <span className="bo-tile-text">
                  {href ? (
                    <a className="bo-tile-name" href={href} title={name}>
                      {name}
                    </a>
                  ) : (
                    <span className="bo-tile-name">{name}</span>
                  )}
                  {secondary && <span className="bo-cell-secondary">{secondary}</span>}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
