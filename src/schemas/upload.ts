/**
 * Upload rules shared by the browser (file field, tus client) and the server (tus endpoint,
 * content check). The server never trusts the name or declared type: it reads the bytes.
 */

/** Large files travel in chunks of this many bytes. */
export const UPLOAD_CHUNK_SIZE = 10_485_760;

/** The resumable-upload (tus) endpoint under the API base: the server mounts it there, the browser sends to it. */
export const UPLOADS_ROUTE = '/uploads';

/** The largest file any upload may be (the tus endpoint refuses more before a byte is stored). */
export const UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

/** Raster images a post may use, by the type their bytes reveal. SVG is refused: it can carry script. */
export const IMAGE_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/avif': ['.avif'],
  'image/gif': ['.gif'],
  'image/tiff': ['.tif', '.tiff'],
} as const satisfies Record<string, readonly string[]>;

export type ImageType = keyof typeof IMAGE_TYPES;
export const isImageType = (type: string | undefined): type is ImageType => type !== undefined && Object.hasOwn(IMAGE_TYPES, type);

/** Images larger than this many pixels are refused before decoding (a "decompression bomb" guard). */
export const IMAGE_MAX_PIXELS = 100_000_000;
/** Smallest useful cover: narrower images look poor as a share card. */
export const IMAGE_MIN_WIDTH = 200;

/** What an upload is for; each purpose has its own content rule on the server. */
export const uploadPurposes = ['post-image', 'lead-file', 'content-video'] as const;

/**
 * Videos staff may upload for a content element, by the type their bytes reveal: the two
 * every current browser plays in a <video> element without a plug-in.
 */
export const VIDEO_TYPES = {
  'video/mp4': ['.mp4'],
  'video/webm': ['.webm'],
} as const satisfies Record<string, readonly string[]>;
export type VideoType = keyof typeof VIDEO_TYPES;
export const isVideoType = (type: string | undefined): type is VideoType => type !== undefined && Object.hasOwn(VIDEO_TYPES, type);
/** The stored file's name in its media folder, by type: `/media/{id}/video.mp4`. */
export const videoFileName = (type: VideoType) => `video${VIDEO_TYPES[type][0]}`;

/**
 * Documents a visitor may attach to a quote request (a fleet schedule), by the type their
 * bytes reveal; CSV is plain text and is recognised as such. One chunk is plenty.
 */
export const LEAD_FILE_TYPES = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'text/csv': ['.csv'],
} as const satisfies Record<string, readonly string[]>;
export const LEAD_FILE_MAX_BYTES = 10 * 1024 * 1024;
export type UploadPurpose = (typeof uploadPurposes)[number];

export const uploadMessages = {
  notImage: `The file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF, GIF or TIFF image.`,
  svgRefused: 'SVG images are not accepted. Save the image as PNG or JPEG and upload that.',
  tooManyPixels: 'The image has too many pixels. Resize it below 100 megapixels and try again.',
  tooNarrow: `The image is too small. Use one at least ${IMAGE_MIN_WIDTH} pixels wide.`,
  unreadable: 'The image could not be read. It may be damaged; try saving it again.',
  tooLarge: `The file is larger than ${UPLOAD_MAX_BYTES} bytes.`,
  unknownPurpose: 'Unknown upload purpose.',
  notDocument: 'Upload the schedule as a PDF, an Excel or OpenDocument spreadsheet, a Word document or a CSV file.',
  leadFileTooLarge: `The file is larger than ${LEAD_FILE_MAX_BYTES} bytes.`,
  notVideo: 'The file is not a video we can use. Upload an MP4 or WebM video.',
} as const;

/** An image as the API and the pages show it: a JPEG fallback plus AVIF and WebP `srcset`s. */
export type { ImageView } from './image-view.ts';
