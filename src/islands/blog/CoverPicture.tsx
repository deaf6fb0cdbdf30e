import type { ImageView } from '#src/schemas/upload.ts';

type Props = { image: ImageView; alt: string; sizes: string; className?: string; priority?: boolean };

/** A post cover: AVIF, then WebP, each at several widths, with the JPEG for anything older. */
export function CoverPicture({ image, alt, sizes, className, priority = false }: Props) {
  return (
    <picture className={className}>
      {image.sources
        .filter((source) => source.srcset)
        .map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
        ))}
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
