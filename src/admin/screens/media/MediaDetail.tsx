import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { FileText, PanelsTopLeft } from 'lucide-static';
import { messageOf } from '#src/api/client.ts';
import type { MediaDetailView, MediaView } from '#src/schemas/media.ts';
import { confirmChoice, showError, toast } from '#src/ui/dialogs.ts';
import { RecordMenu } from '#src/admin/components/RecordMenu.tsx';
import { deleteRecord } from '#src/admin/delete-flow.ts';
import { Spinner } from '#src/ui/Spinner.tsx';
import { Fields } from '#src/admin/kit/Fields.tsx';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { PageHeader } from '#src/admin/kit/PageHeader.tsx';
import { Panel } from '#src/admin/kit/Panel.tsx';
import { formatDateTime } from '#src/admin/format.ts';
import { $currentMedia, mediaList, replaceMedia } from '#src/admin/stores/media.ts';
import { go } from '#src/admin/stores/router.ts';
import { MediaDescription } from './MediaDescription.tsx';
import { MediaPicker } from './MediaPicker.tsx';
import { MediaThumb } from './MediaThumb.tsx';
import { sizeLabel, typeLabel, usesLabel } from './media-words.ts';
import './media.css';

const usageHref = (usage: MediaDetailView['usages'][number]) =>
  usage.kind === 'post' ? `/admin/posts/edit/${usage.id}` : usage.pageId ? `/admin/content/page/${usage.pageId}` : undefined;

/** The upload itself, as large as the column: an image by its variants, a video in the browser's player. */
function Preview({ item }: { item: MediaDetailView }) {
  if (item.video)
    return (
      // biome-ignore lint/a11y/useMediaCaption: staff's own clip, previewed here; captions belong to the page that shows it
      <video className="media-preview" controls preload="metadata" src={item.video.src} />
    );
  return (
    <div className="media-preview">
      <MediaThumb item={item} sizes="(min-width: 1200px) 48rem, 100vw" />
    </div>
  );
}

/** /admin/media/view/:id: one upload, what it shows, where it is used; replace it everywhere, or delete it once nothing uses it. */
export function MediaDetail({ id }: { id: string }) {
  const item = useStore($currentMedia);
  const [picking, setPicking] = useState(false);

  useEffect(() => {
    mediaList.select(null);
    mediaList.get(id).catch(async (error: unknown) => {
      await showError(messageOf(error));
      go('/admin/media');
    });
  }, [id]);

  if (!item || item._id !== id) return <Spinner label="Loading the upload" />;

  const remove = async () => {
    if (await deleteRecord(() => mediaList.remove(item._id))) go('/admin/media');
  };

  const replaceWith = async (chosen: MediaView) => {
    setPicking(false);
    const sure = await confirmChoice(
      'Replace it everywhere?',
      `${chosen.name} will take its place in ${usesLabel(item.uses).replace('Used in ', '')}. Posts change at once; pages once you publish them.`,
      'Yes, replace it',
    );
    if (!sure) return;
    try {
      toast(await replaceMedia(item._id, chosen._id));
    } catch (error) {
      await showError(messageOf(error));
    }
  };

  return (
    <article>
      <PageHeader
        breadcrumb={[{ label: 'Media', href: '/admin/media' }]}
        title={item.name}
        meta={
          <>
            <span>{sizeLabel(item)}</span>
            <span>{usesLabel(item.uses)}</span>
          </>
        }
        // Delete where it is on every record, last in More actions; not offered while the upload is used (the page says why).
        actions={
          <>
            <RecordMenu onDelete={() => void remove()} deleteDisabled={item.uses > 0} />
            {item.uses > 0 && (
              <button type="button" className="bo-button bo-button-primary" onClick={() => setPicking(true)}>
                Replace everywhere…
              </button>
            )}
          </>
        }
      />
      <div className="bo-detail">
        <div className="bo-stack">
          <Panel>
            <Preview item={item} />
          </Panel>
          <Panel title="Where it is used" flush>
            {item.usages.length === 0 ? (
              <p className="bo-hint bo-panel-body">Nothing uses it yet. Choose it from the library in a post's cover or a page's image.</p>
            ) : (
              <ul className="bo-rows">
                {item.usages.map((usage) => {
                  const href = usageHref(usage);
                  return (
                    <li key={`${usage.kind}:${usage.id}`}>
                      <span className="bo-rows-main media-usage">
                        <Icon svg={usage.kind === 'post' ? FileText : PanelsTopLeft} size={16} />
                        <span className="bo-break">{href ? <a href={href}>{usage.name}</a> : usage.name}</span>
                      </span>
                      <span className="bo-muted">{usage.kind === 'post' ? 'Post cover' : 'Page content'}</span>
                    </li>
                  );
                })}
              </ul>
            )}
            {item.uses > 0 && (
              <div className="bo-panel-body media-replace">
                <p className="bo-hint">An upload in use cannot be deleted. To change the image in every place at once, replace it everywhere.</p>
              </div>
            )}
          </Panel>
        </div>
        <aside className="bo-detail-aside" aria-label="About the upload">
          <Panel title="Description">
            <MediaDescription key={item._id} item={item} />
          </Panel>
          <Panel title="Details">
            <Fields
              rows={[
                { label: 'Type', value: typeLabel(item) },
                { label: 'Size', value: sizeLabel(item) },
                { label: 'Created', value: formatDateTime(item.createdAt) },
                { label: 'Address', value: <a href={item.image?.src ?? item.video?.src}>View the file</a> },
              ]}
            />
          </Panel>
        </aside>
      </div>
      {picking && (
        <MediaPicker
          kind={item.kind}
          title={`Replace ${item.name} with`}
          exclude={item._id}
          onChoose={(chosen) => void replaceWith(chosen)}
          onClose={() => setPicking(false)}
        />
      )}
    </article>
  );
}
