import { DetailedError, Upload } from 'tus-js-client';
import type { LeadFileView } from '../schemas/lead-view.ts';
import type { VideoView } from '../schemas/video-view.ts';
import { UPLOAD_CHUNK_SIZE, UPLOADS_ROUTE, type ImageView, type UploadPurpose } from '../schemas/upload.ts';
import { API_BASE, ApiError } from './client.ts';

export type UploadProgress = { sent: number; total: number };
/** The server's final answer: the stored image (post covers), document (quote attachments) or video (content). */
export type UploadResult = { message: string; image?: ImageView; file?: LeadFileView; video?: VideoView };
export type UploadHandle<R = UploadResult> = { done: Promise<R>; abort: () => void };

/** The file could not be cut into chunks (moved, deleted or unreadable since it was picked). */
export const CHUNK_FAILED = 'Failed to Chunk File.';

/**
 * Cuts the file into the chunks tus sends, reading each one before it goes, so a file that
 * can no longer be read fails with CHUNK_FAILED instead of a vague network error.
 */
export const chunkingFileReader = {
  async openFile(file: Blob) {
    return {
      size: file.size,
      async slice(start: number, end: number) {
        let chunk: Blob;
        try {
          chunk = new Blob([await file.slice(start, end).arrayBuffer()]);
        } catch {
          throw new Error(CHUNK_FAILED);
        }
        return { value: chunk, done: end >= file.size };
      },
      close() {},
    };
  },
};

const UPLOAD_FAILED = 'The upload failed. Check your connection and try again.';

/** What to tell the person when the upload stops: the server's message, or why it could not start. */
export function uploadFailureMessage(error: Error, serverBody: string | null | undefined): string {
  if (error.message === CHUNK_FAILED) return CHUNK_FAILED;
  try {
    return (JSON.parse(serverBody ?? '') as { message?: string }).message || UPLOAD_FAILED;
  } catch {
    // Not our JSON (a proxy's page, or no answer at all): keep the general message.
    return UPLOAD_FAILED;
  }
}

/**
 * Sends a file to /api/v1/uploads by the tus protocol, in 10 MB chunks (a number the specification fixes: docs/fixed-by-the-spec.md, 'Numbers'). A dropped
 * connection is retried from the offset the server holds, with growing pauses; a file picked
 * again after a reload resumes too (tus keeps its address in localStorage by fingerprint).
 * Resolves with the server's final answer, which carries the stored `image` or `file`.
 */
export function uploadResumable(file: File, purpose: UploadPurpose, onProgress: (progress: UploadProgress) => void): UploadHandle {
  let upload: Upload | undefined;
  const done = new Promise<UploadResult>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: `${API_BASE}${UPLOADS_ROUTE}`,
      chunkSize: UPLOAD_CHUNK_SIZE,
      fileReader: chunkingFileReader,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type, purpose },
      onProgress: (sent, total) => onProgress({ sent, total }),
      onSuccess: ({ lastResponse }) => {
        try {
          const body = JSON.parse(lastResponse.getBody() ?? '') as UploadResult & { ok: boolean };
          if (body.ok && (body.image || body.file || body.video)) resolve(body);
          else reject(new ApiError(lastResponse.getStatus(), body.message || 'The upload was not accepted.'));
        } catch {
          reject(new ApiError(lastResponse.getStatus(), 'The server answered the upload in a way we did not expect.'));
        }
      },
      onError: (error) => {
        const response = error instanceof DetailedError ? error.originalResponse : null;
        reject(new ApiError(response?.getStatus() ?? 0, uploadFailureMessage(error, response?.getBody())));
      },
    });
    // Carry on an upload of the same file that a reload or a closed tab interrupted.
    void upload.findPreviousUploads().then((previous) => {
      if (previous[0]) upload?.resumeFromPreviousUpload(previous[0]);
      upload?.start();
    });
  });
  return { done, abort: () => void upload?.abort(true) };
}

type Stored = NonNullable<UploadResult['file']>;

/** A post image (staff): resolves with the stored image's variants. */
export function uploadImage(file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<{ message: string; image: ImageView }> {
  const handle = uploadResumable(file, 'post-image', onProgress);
  return { abort: handle.abort, done: handle.done.then(({ message, image }) => ({ message, image: image! })) };
}

/** A visitor's document for a quote request: resolves with its id, name and size. */
export function uploadDocument(file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<{ message: string; file: Stored }> {
  const handle = uploadResumable(file, 'lead-file', onProgress);
  return { abort: handle.abort, done: handle.done.then(({ message, file: stored }) => ({ message, file: stored! })) };
}

/** A content element's video (staff): resolves with the stored video's address and type. */
export function uploadVideo(file: File, onProgress: (progress: UploadProgress) => void): UploadHandle<{ message: string; video: VideoView }> {
  const handle = uploadResumable(file, 'content-video', onProgress);
  return { abort: handle.abort, done: handle.done.then(({ message, video }) => ({ message, video: video! })) };
}
