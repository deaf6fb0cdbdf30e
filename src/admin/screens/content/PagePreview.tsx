import { useEffect, useState } from 'react';
import type { ElementView, SectionView } from '../../../schemas/content.ts';
import type { ImageView } from '../../../schemas/image-view.ts';
import type { VideoView } from '../../../schemas/video-view.ts';
import { imageById, videoById } from '../../stores/content.ts';
import type { ImageValue, LinkValue, ListValue, VideoValue } from './value-rules.ts';

/**
 * The page before publishing: every section of the open section's page (its top-level
 * section and everything under it) with the saved values, as the site will show them: text as
 * text (escaped), Markdown as the server rendered and sanitised it on save, images with their
 * description, links and videos as links. Values changed since the last publish are marked.
 */
export function PagePreview({ sections }: { sections: SectionView[] }) {
  const [page] = sections;
  if (!page) return null;
  return (
    <section className="content-page-preview" aria-labelledby="page-preview-heading">
      <h2 id="page-preview-heading">Preview of {page.name}, with the saved changes</h2>
      <p className="bo-hint">
        Each block with its saved values, in the page's order; changes not yet published are marked. Placeholders such as {'{brand}'} are filled from the site's
        settings on the page. Publish to put the changes on the site.
      </p>
      <div className="content-page-preview-body">
        {sections.map((section) => (
          <div key={section.id} className="content-preview-section">
            <p className="content-preview-path">{section.namePath}</p>
            {section.elements.length === 0 ? (
              <p className="bo-hint">(no elements)</p>
            ) : (
              section.elements.map((element) => (
                <div key={element.id} className={element.unpublished ? 'content-preview-element content-preview-changed' : 'content-preview-element'}>
                  <p className="content-preview-name">
                    {element.name}
                    {element.unpublished && <span className="content-preview-flag"> · changed</span>}
                  </p>
                  <PreviewValue element={element} />
                </div>
              ))
            )}
          </div>
        ))}
      </div>
    </section>
  );
}

function PreviewValue({ element }: { element: ElementView }) {
  const { value } = element;
  switch (element.fieldType) {
    case 'text':
      return <p className="content-preview-text">{value as string}</p>;
    case 'longText':
      return (
        <>
          {(value as string).split(/\n{2,}/).map((paragraph, index) => (
            <p key={index} className="content-preview-long">
              {paragraph}
            </p>
          ))}
        </>
      );
    case 'markdown':
      // Rendered and sanitised by the server when the value was saved: the HTML the page will carry.
      return <div className="content-preview-markdown" dangerouslySetInnerHTML={{ __html: element.html ?? '' }} />;
    case 'image':
      return <PreviewImage value={value as ImageValue} />;
    case 'video': {
      const video = value as VideoValue;
      if (video.mediaId) return <PreviewVideo id={video.mediaId} title={video.title ?? ''} />;
      return (
        <p>
          Video: <a href={video.url}>{video.title || video.url}</a>
        </p>
      );
    }
    case 'link': {
      const link = value as LinkValue;
      return (
        <p>
          <a href={link.url}>{link.label || link.url}</a>
        </p>
      );
    }
    case 'number':
      return <p>{String(value)}</p>;
    case 'boolean':
      return (
        <p>
          {element.name}: {value ? 'yes' : 'no'}
        </p>
      );
    case 'list':
      return (
        <ol className="content-preview-list">
          {(value as ListValue).map((entry, index) => (
            <li key={index}>
              <dl>
                {Object.entries(entry).map(([field, text]) => (
                  <div key={field}>
                    <dt>{field}</dt>
                    <dd>{text}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ol>
      );
  }
}

function PreviewImage({ value }: { value: ImageValue }) {
  const [image, setImage] = useState<ImageView | null>(null);
  useEffect(() => {
    let current = true;
    imageById(value.mediaId)
      .then((found) => current && setImage(found))
      .catch(() => current && setImage(null));
    return () => {
      current = false;
    };
  }, [value.mediaId]);
  if (!image) return <p className="bo-hint">(image {value.alt ? `"${value.alt}"` : 'without a description'})</p>;
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes="(max-width: 40rem) 100vw, 36rem" />
      ))}
      <img src={image.src} alt={value.alt} width={image.width} height={image.height} className="content-preview-image" />
    </picture>
  );
}

function PreviewVideo({ id, title }: { id: string; title: string }) {
  const [video, setVideo] = useState<VideoView | null>(null);
  useEffect(() => {
    let current = true;
    videoById(id)
      .then((found) => current && setVideo(found))
      .catch(() => current && setVideo(null));
    return () => {
      current = false;
    };
  }, [id]);
  if (!video) return <p className="bo-hint">(video {title ? `"${title}"` : 'without a title'})</p>;
  return (
    <figure>
      {/* biome-ignore lint/a11y/useMediaCaption: the broker's own clip as it will play; captions belong to the file. */}
      <video className="content-preview-video" src={video.src} controls preload="metadata" aria-label={title || 'Video'} />
      {title && <figcaption>{title}</figcaption>}
    </figure>
  );
}
