import { Images } from 'lucide-static';
import type { MediaView } from '../../../schemas/media.ts';
import type { ListDescriptor } from '../../list/descriptor.ts';
import { ListScreen } from '../../list/ListScreen.tsx';
import { mediaList } from '../../stores/media.ts';
import { MediaThumb } from './MediaThumb.tsx';
import { MediaUploader } from './MediaUploader.tsx';
import { sizeLabel, usesLabel } from './media-words.ts';
import { DateTimeCell } from '../../kit/DateTimeCell.tsx';

const view = (item: MediaView) => `/admin/media/view/${item._id}`;

const descriptor: ListDescriptor<MediaView> = {
  title: 'Media',
  description: 'Every image and video uploaded for posts and pages. Describe a picture once here and it is offered wherever it is used.',
  noun: { one: 'upload', many: 'uploads' },
  primary: 'name',
  // Two facts, two lines: a tile is narrow, and "Used in 2 places" read across a wrap reads badly.
  secondary: (item) => (
    <>
      <span className="bo-block">{sizeLabel(item)}</span>
      <span className="bo-block">{usesLabel(item.uses)}</span>
    </>
  ),
  tile: (item) => <MediaThumb item={item} />,
  columns: [
    { key: 'name', label: 'File', cell: (item) => item.name, text: (item) => item.name },
    { key: 'uploaded', label: 'Uploaded', cell: (item) => <DateTimeCell at={item.createdAt} /> },
  ],
  rowId: (item) => item._id,
  rowName: (item) => item.name,
  rowHref: view,
  filters: [
    { key: 'q', label: 'Search', kind: 'search', placeholder: 'File name, alt text or caption' },
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
  empty: {
    icon: Images,
    title: 'No images or videos yet',
    text: 'Upload them above, or give a post a cover: every upload lands here, ready to use again.',
  },
};

/** /admin/media: the media library as a grid, with a drop zone above it; filters and page live in the address. */
export function MediaList() {
  return (
    <ListScreen source={mediaList} descriptor={descriptor}>
      <div className="bo-panel bo-panel-body media-uploader">
        <MediaUploader id="media-upload" kinds={['image', 'video']} onUploaded={() => void mediaList.load(0)} />
      </div>
    </ListScreen>
  );
}
