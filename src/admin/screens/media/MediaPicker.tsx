import { useEffect, useId, useRef, useState } from 'react';
import { Check, Images, X } from 'lucide-static';
import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import { messageOf } from '#src/api/client.ts';
import type { MediaKind, MediaView } from '#src/schemas/media.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { EmptyState } from '#src/admin/kit/EmptyState.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { fetchMediaPage } from '#src/admin/stores/media.ts';
import { MediaThumb } from './MediaThumb.tsx';
import { MediaUploader } from './MediaUploader.tsx';
import { sizeLabel, usesLabel } from './media-words.ts';
import './media.css';

type Props = {
  kind: MediaKind;
  title: string;
  /** An upload not to offer (the one being replaced). */
  exclude?: string;
  /** The upload the field holds now: its tile is marked "Current" (and said so to a screen reader). */
  current?: string | undefined;
  onChoose(item: MediaView): void;
  onClose(): void;
};

const PAGE_SIZE = 12;
const SEARCH_DELAY_MS = 400;

type Found = { items: MediaView[]; page: number; totalPages: number; loading: boolean; error: string };

/**
 * The media library in a dialog, to choose an image (a post's cover, a page's picture) or a
 * video: search, page through, or upload a new one, which is chosen at once. A native modal
 * <dialog>: focus stays inside, Escape closes it, and focus goes back to the opener.
 */
export function MediaPicker({ kind, title, exclude, current, onChoose, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [found, setFound] = useState<Found>({ items: [], page: 0, totalPages: 1, loading: true, error: '' });

  useEffect(() => {
    opener.current = document.activeElement;
    dialog.current?.showModal();
    return () => {
      if (opener.current instanceof HTMLElement) opener.current.focus();
    };
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(query.trim());
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    let current = true;
    setFound((now) => ({ ...now, loading: true, error: '' }));
    fetchMediaPage({ page, page_size: PAGE_SIZE, filter: { kind, q: search } })
      .then((result) => current && setFound({ items: result.items, page: result.page, totalPages: result.total_pages, loading: false, error: '' }))
      .catch((error: unknown) => current && setFound((now) => ({ ...now, loading: false, error: messageOf(error) })));
    return () => {
      current = false;
    };
  }, [kind, search, page]);

  // The picture the field holds now is shown whole when a page of the library arrives, never cut at the foot of
  // the scrolling pictures (on a phone the sheet shows two rows or so).
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!found.loading) body.current?.querySelector('.media-picker-current')?.scrollIntoView({ block: 'nearest' });
  }, [found.loading]);

  const chooseUploaded = async (id: string) => {
    const { media } = await unwrap(apiClient.media.get[':id'].$get({ param: pathParams({ id }) }));
    onChoose(media);
  };

  const items = found.items.filter((item) => item._id !== exclude);
  const noun = kind === 'image' ? 'images' : 'videos';
  return (
    // Escape fires 'cancel' then 'close': the owner unmounts the picker on close.
    <dialog ref={dialog} className="media-picker bo-phone-sheet" aria-labelledby={titleId} onClose={onClose}>
      <div className="media-picker-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="bo-button bo-button-quiet bo-button-icon" aria-label="Close" onClick={() => dialog.current?.close()}>
          <Icon svg={X} size={18} />
        </button>
      </div>
      <div className="ui-field">
        <label className="ui-label" htmlFor={`${titleId}-search`}>
          Search the library
        </label>
        <input
          id={`${titleId}-search`}
          className="ui-input"
          type="search"
          value={query}
          placeholder="File name, alt text or caption"
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <div ref={body} className="media-picker-body" aria-busy={found.loading}>
        {found.error ? (
          <p className="bo-alert" role="alert">
            {found.error}
          </p>
        ) : found.loading && items.length === 0 ? (
          <Spinner label={`Loading ${noun}`} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={Images}
            title={search ? `No ${noun} match “${search}”` : `No ${noun} in the library yet`}
            text={search ? 'Try another word, or upload one below.' : 'Upload one below: it is kept in the library for next time.'}
          />
        ) : (
          // The library's own tiles: the same grid, picture crop and two lines under the name.
          <ul className="bo-tiles">
            {items.map((item) => {
              const isCurrent = item._id === current;
              return (
                <li key={item._id} className={isCurrent ? 'bo-tile media-picker-current' : 'bo-tile'}>
                  <button type="button" className="media-picker-choice" aria-current={isCurrent ? 'true' : undefined} onClick={() => onChoose(item)}>
                    <span className="bo-tile-picture">
                      <MediaThumb item={item} />
                      {isCurrent && (
                        <span className="bo-badge bo-badge-info media-picker-badge">
                          <Icon svg={Check} size={14} />
                          Current
                        </span>
                      )}
                    </span>
                    <span className="bo-tile-text">
                      <span className="bo-tile-name">{item.name}</span>
                      <span className="bo-cell-secondary">
                        <span className="bo-block">{sizeLabel(item)}</span>
                        <span className="bo-block">{usesLabel(item.uses)}</span>
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {found.totalPages > 1 && (
        <nav className="media-picker-pages" aria-label={`Pages of ${noun}`}>
          <button type="button" className="bo-button" disabled={page === 0 || found.loading} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {found.page + 1} of {found.totalPages}
          </span>
          <button type="button" className="bo-button" disabled={page + 1 >= found.totalPages || found.loading} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
      <MediaUploader
        id={`${titleId}-upload`}
        kinds={[kind]}
        label={kind === 'image' ? 'Or upload a new image' : 'Or upload a new video'}
        onUploaded={(uploaded) => void chooseUploaded(uploaded.id)}
      />
    </dialog>
  );
}
