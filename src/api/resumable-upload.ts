import { DetailedError, Upload } from 'tus-js-client';
import { UPLOAD_CHUNK_SIZE, type ImageView, type UploadPurpose } from '../schemas/upload.ts';
import { ApiError } from './client.ts';

export type UploadProgress = { sent: number; total: number };
export type UploadHandle = { done: Promise<{ image: ImageView; message: string }>; abort: () => void };

/**
 * Sends a file to /api/v1/uploads by the tus protocol, in 10 MB chunks (spec 9). A dropped
 * connection is retried from the offset the server holds, with growing pauses; a file picked
 * again after a reload resumes too (tus keeps its address in localStorage by fingerprint).
 * Resolves with the server's final answer, which carries the stored `image`.
 */
export function uploadResumable(file: File, purpose: UploadPurpose, onProgress: (progress: UploadProgress) => void): UploadHandle {
  let upload: Upload | undefined;
  const done = new Promise<{ image: ImageView; message: string }>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: '/api/v1/uploads',
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type, purpose },
      onProgress: (sent, total) => onProgress({ sent, total }),
      onSuccess: ({ lastResponse }) => {
        try {
          const body = JSON.parse(lastResponse.getBody() ?? '') as { ok: boolean; message: string; image?: ImageView };
          if (body.ok && body.image) resolve({ image: body.image, message: body.message });
          else reject(new ApiError(lastResponse.getStatus(), body.message || 'The upload was not accepted.'));
        } catch {
          reject(new ApiError(lastResponse.getStatus(), 'The server answered the upload in a way we did not expect.'));
        }
      },
      onError: (error) => {
        const response = error instanceof DetailedError ? error.originalResponse : null;
        let message = 'The upload failed. Check your connection and try again.';
        try {
          message = (JSON.parse(response?.getBody() ?? '') as { message?: string }).message || message;
        } catch {
          // Not our JSON (a proxy's page, or no answer at all): keep the general message.
        }
        reject(new ApiError(response?.getStatus() ?? 0, message));
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
