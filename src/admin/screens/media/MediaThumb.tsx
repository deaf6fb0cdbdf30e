import { Film } from 'lucide-static';
import type { MediaView } from '#src/schemas/media.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';

/**
 * An upload as a picture: an image by its variants (the browser takes the smallest that
 * fills `sizes`), a video by a frame of it where the browser can show one, else its icon.
 * Decorative beside the upload's name, so its alt text is empty.
 */
export function MediaThumb({ item, sizes = '12rem' }: { item: Pick<MediaView, 'image' | 'video'>; sizes?: string }) {
  if (item.image)
    return (
      <picture>
        {item.image.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
        <img src={item.image.src} alt="" width={item.image.width} height={item.image.height} loading="lazy" decoding="async" />
      </picture>
    );
  if (item.video) return <Icon svg={Film} size={32} />;
  return null;
}
