import type { MediaView } from '#src/schemas/media.ts';
import { formatFileSize } from '#src/ui/file-field-rules.ts';

/** "Used in 2 places", "Not used": how the library says an upload's uses. */
// No-break spaces: a narrow tile keeps the words on one line.
export const usesLabel = (uses: number) => (uses === 0 ? 'Not\u00a0used' : `Used in ${uses === 1 ? 'one\u00a0place' : `${uses}\u00a0places`}`);

/** "960 × 640 · 84 KB" for an image, "MP4 video · 12 MB" for a video. */
export function sizeLabel(item: Pick<MediaView, 'kind' | 'width' | 'height' | 'bytes' | 'mime'>): string {
  // Kept whole on a narrow tile: "32 KB", "1600 × 1000" never split across lines.
  const size = formatFileSize(item.bytes).replace(' ', '\u00a0');
  if (item.kind === 'video') return `${typeLabel(item)} · ${size}`;
  return item.width && item.height ? `${item.width}\u00a0×\u00a0${item.height} · ${size}` : size;
}

/** "JPEG image", "MP4 video": the file's type as staff say it. */
export function typeLabel(item: Pick<MediaView, 'kind' | 'mime'>): string {
  const format = item.mime.split('/')[1]?.toUpperCase() ?? '';
  return `${format} ${item.kind}`.trim();
}

/** "a.jpg, b.jpg and c.jpg", or the first five and "and 3 more": the uploads a bulk action names. */
export function namesList(items: readonly Pick<MediaView, 'name'>[], most = 5): string {
  const names = items.slice(0, most).map((item) => item.name);
  const more = items.length - names.length;
  if (more > 0) return `${names.join(', ')} and ${more} more`;
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}
