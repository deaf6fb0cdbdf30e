import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { Images, Trash2, X } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import type { MediaView } from '#src/schemas/media.ts';
import { confirmDelete, showError, toast } from '#src/ui/dialogs.ts';
import type { FilterSpec, ListDescriptor } from '#src/admin/list/descriptor.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { $mediaList, deleteManyMedia, mediaList } from '#src/admin/stores/media.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { MediaThumb } from './MediaThumb.tsx';
import { MediaUploader } from './MediaUploader.tsx';
import { namesList, sizeLabel, usesLabel } from './media-words.ts';
import { DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';
import './media.css';

const view = (item: MediaView) => `/admin/media/view/${item._id}`;

/** The library's orders, kept in the address as `sort` (the API's own values). */
const MEDIA_ORDER: Extract<FilterSpec, { kind: 'select' }> = {
  key: 'sort',
  label: 'Order',
  kind: 'select',
  any: 'Newest first',
  options: [
    { value: 'oldest', label: 'Oldest first' },
    { value: 'name', label: 'Name, A to Z' },
    { value: 'size', label: 'Largest first' },
  ],
};

type Chosen = ReadonlySet<string>;

function mediaDescriptor(chosen: Chosen, toggle: (id: string) => void): ListDescriptor<MediaView> {
  return {
    title: 'Media',
    description: 'Every image and video uploaded for posts and pages. Describe an image once here and it is offered wherever it is used.',
    noun: { one: 'upload', many: 'uploads' },
    primary: 'name',
    // Two facts, two lines: a tile is narrow, and "Used in 2 places" read across a wrap reads badly.
    secondary: (item) => (
      <>
        <span className="bo-block">{sizeLabel(item)}</span>
        <span className="bo-block">{usesLabel(item.uses)}</span>
      </>
    ),
    // The box sits over the picture's corner, above the tile's stretched link, as Directus and Google Photos place it.
    tile: (item) => (
      <>
        <label className="media-tile-check">
          <input type="checkbox" className="bo-check" aria-label={`Select ${item.name}`} checked={chosen.has(item._id)} onChange={() => toggle(item._id)} />
        </label>
        <MediaThumb item={item} />
      </>
    ),
    columns: [
      { key: 'name', label: 'File', cell: (item) => item.name, text: (item) => item.name },
      { key: 'uploaded', label: 'Created', cell: (item) => <DateTimeCell at={item.createdAt} /> },
    ],
    rowId: (item) => item._id,
    rowName: (item) => item.name,
    rowHref: view,
    filters: [
      { key: 'q', label: 'Search', kind: 'search', scope: 'File name, alt text or caption' },
      {
        key: 'kind',
        label: 'Type',
        kind: 'select',
        any: 'Any type',
        options: [
          { value: 'image', label: 'Images' },
          { value: 'video', label: 'Videos' },
        ],
      },
    ],
    order: MEDIA_ORDER,
    empty: {
      icon: Images,
      title: 'No images or videos yet',
      text: 'Upload them above, or give a post a cover: every upload lands here, ready to use again.',
    },
  };
}

/**
 * What can be done to the chosen tiles: delete those nothing uses, after one confirmation that
 * names what goes and what is kept (an upload in use cannot be deleted). Above the grid in the
 * page's flow, and sticky, so it stays in sight while more tiles are chosen further down.
 */
function MediaBulkBar({ chosen, items, onChoose, onClear }: { chosen: MediaView[]; items: MediaView[]; onChoose(ids: string[]): void; onClear(): void }) {
  const [busy, setBusy] = useState(false);
  const unused = chosen.filter((item) => item.uses === 0);
  const used = chosen.filter((item) => item.uses > 0);
  const everyChosen = items.length > 0 && chosen.length === items.length;

  const remove = async () => {
    const text = [
      `${unused.length === 1 ? 'This upload' : `These ${unused.length} uploads`} will be deleted for good: ${namesList(unused)}.`,
      used.length > 0 ? `${used.length === 1 ? 'One is' : `${used.length} are`} in use and will be kept: ${namesList(used)}.` : '',
    ]
      .filter(Boolean)
      .join(' ');
    // The one delete question of the back-office, with what goes and what is kept under its words.
    if (!(await confirmDelete(text))) return;
    setBusy(true);
    try {
      toast(await deleteManyMedia(unused.map((item) => item._id)), 'Deleted!');
      onClear();
    } catch (error) {
      await showError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="bo-bulk media-bulk" aria-label="Chosen uploads">
      <p className="bo-bulk-count" role="status">
        {chosen.length} {chosen.length === 1 ? 'upload' : 'uploads'} selected
        {used.length > 0 && <span className="media-bulk-note">{used.length === chosen.length ? ', all in use' : `, ${used.length} in use`}</span>}
      </p>
      <button type="button" className="bo-button bo-button-icon media-bulk-clear" onClick={onClear}>
        <Icon svg={X} />
        <span className="visually-hidden">Clear the selection</span>
      </button>
      <div className="bo-bulk-group media-bulk-actions">
        {!everyChosen && (
          <button type="button" className="bo-button" onClick={() => onChoose(items.map((item) => item._id))}>
            Select all {items.length}
          </button>
        )}
        <button
          type="button"
          className="bo-button bo-button-danger"
          disabled={busy || unused.length === 0}
          aria-describedby={used.length > 0 ? 'media-bulk-why' : undefined}
          onClick={() => void remove()}
        >
          <Icon svg={Trash2} size={16} />
          {busy ? 'Deleting…' : used.length > 0 ? `Delete ${unused.length} unused` : 'Delete'}
        </button>
      </div>
      {used.length > 0 && (
        <p id="media-bulk-why" className="bo-hint media-bulk-why">
          Uploads in use cannot be deleted: {namesList(used)}. Replace {used.length === 1 ? 'it' : 'them'} where used first.
        </p>
      )}
    </section>
  );
}

/** /admin/media: the media library as a grid, with a drop zone above it; tiles can be chosen and the unused deleted together; filters, order and page live in the address. */
export function MediaList() {
  const { media: items } = useStore($mediaList);
  const [chosen, setChosen] = useState<Chosen>(new Set());
  const key = items.map((item) => item._id).join(',');
  // A tile that leaves the page (another page, filter or order, a delete) leaves the choice too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the page's ids
  useEffect(() => {
    setChosen((now) => new Set([...now].filter((id) => items.some((item) => item._id === id))));
  }, [key]);
  const toggle = (id: string) =>
    setChosen((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <ListScreen
      source={mediaList}
      descriptor={mediaDescriptor(chosen, toggle)}
      selectionBar={
        chosen.size > 0 && (
          <MediaBulkBar
            chosen={items.filter((item) => chosen.has(item._id))}
            items={items}
            onChoose={(ids) => setChosen(new Set(ids))}
            onClear={() => setChosen(new Set())}
          />
        )
      }
    >
      <div className="bo-panel bo-panel-body media-uploader">
        <MediaUploader id="media-upload" kinds={['image', 'video']} onUploaded={() => void mediaList.load(0)} />
      </div>
    </ListScreen>
  );
}
