import { useEffect, useRef, useState } from 'react';
import { messageOf } from '#src/api/client.ts';
import type { UploadHandle, UploadProgress } from '#src/api/resumable-upload.ts';

/** Where an image's or video's upload stands (an image may first be fetched from an address). */
export type UploadPhase =
  | { kind: 'idle' }
  | { kind: 'fetching'; url: string }
  | { kind: 'sending'; file: File; progress: UploadProgress }
  | { kind: 'failed'; message: string };

/** The stored upload an element names, looked up when the id changes (null until found, or when gone). */
export function useMediaView<V extends { _id: string }>(mediaId: string | undefined, lookup: (id: string) => Promise<V>) {
  const [view, setView] = useState<V | null>(null);
  useEffect(() => {
    if (!mediaId || view?._id === mediaId) return;
    let current = true;
    lookup(mediaId)
      .then((found) => current && setView(found))
      .catch(() => current && setView(null));
    return () => {
      current = false;
    };
  }, [mediaId, view?._id, lookup]);
  return [view, setView] as const;
}

/** A file sent through the resumable upload: its phase with progress, and a way to start and to cancel it. */
export function useMediaUpload<V>(start: (file: File, onProgress: (progress: UploadProgress) => void) => UploadHandle<V>, onUploaded: (uploaded: V) => void) {
  const [phase, setPhase] = useState<UploadPhase>({ kind: 'idle' });
  const handle = useRef<Pick<UploadHandle, 'abort'> | null>(null);
  // The latest callback, not the one of the render that started the upload: what was typed meanwhile (the alt text) is kept.
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;
  const upload = (file: File) => {
    setPhase({ kind: 'sending', file, progress: { sent: 0, total: file.size } });
    const sending = start(file, (progress) => setPhase({ kind: 'sending', file, progress }));
    handle.current = sending;
    sending.done
      .then((stored) => {
        uploaded.current(stored);
        setPhase({ kind: 'idle' });
      })
      .catch((failure: unknown) => setPhase({ kind: 'failed', message: messageOf(failure) }));
  };
  const cancel = () => {
    handle.current?.abort();
    setPhase({ kind: 'idle' });
  };
  return { phase, setPhase, upload, cancel };
}
