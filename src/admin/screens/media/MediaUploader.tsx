import { useRef, useState } from 'react';
import { messageOf } from '#src/api/client.ts';
import type { UploadHandle, UploadProgress } from '#src/api/resumable-upload.ts';
import type { MediaKind } from '#src/schemas/media.ts';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES, VIDEO_TYPES } from '#src/schemas/upload.ts';
import { toast } from '#src/ui/dialogs.ts';
import { FileField } from '#src/ui/FileField.tsx';
import { UploadProgressBar } from '#src/admin/components/UploadProgressBar.tsx';
import { uploadToLibrary } from '#src/admin/stores/media.ts';
import './media.css';

type Props = {
  id: string;
  /** Images only (a cover, a page's picture), or images and videos (the library). */
  kinds: readonly MediaKind[];
  /** Told of each upload once the server has checked and stored it. */
  onUploaded(uploaded: { id: string; kind: MediaKind }): void;
  label?: string;
};

type Sending = { file: File; progress: UploadProgress; waiting: number };

const HINTS: Record<string, string> = {
  image: 'JPEG, PNG, WebP, AVIF, GIF or TIFF, at least 200 pixels wide. Location and camera details are removed.',
  'image,video':
    'Images (JPEG, PNG, WebP, AVIF, GIF or TIFF, at least 200 pixels wide; location and camera details are removed) or videos (MP4 or WebM), up to 100 MB each.',
};

/**
 * Drop (with a mouse) or choose files for the library: each goes up in turn through the resumable upload,
 * with its progress; a refused file says why and the rest carry on.
 */
export function MediaUploader({ id, kinds, onUploaded, label = 'Upload images or videos' }: Props) {
  const many = kinds.includes('video') ? 'images or videos' : 'an image';
  const [sending, setSending] = useState<Sending | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  const handle = useRef<Pick<UploadHandle, 'abort'> | null>(null);
  const stopped = useRef(false);

  const sendAll = async (files: File[]) => {
    stopped.current = false;
    setFailures([]);
    for (const [index, file] of files.entries()) {
      if (stopped.current) break;
      setSending({ file, progress: { sent: 0, total: file.size }, waiting: files.length - index - 1 });
      const upload = uploadToLibrary(file, (progress) => setSending((now) => (now ? { ...now, progress } : now)));
      handle.current = upload;
      try {
        onUploaded(await upload.done);
        if (files.length === 1) toast(`${file.name} is in the library.`);
      } catch (error) {
        if (!stopped.current) setFailures((now) => [...now, `${file.name}: ${messageOf(error)}`]);
      }
    }
    if (files.length > 1 && !stopped.current) toast('The uploads are finished.');
    setSending(null);
  };

  const cancel = () => {
    stopped.current = true;
    handle.current?.abort();
    setSending(null);
  };

  return (
    <div className="bo-form-fields">
      <FileField
        id={id}
        label={label}
        value={[]}
        onChange={(files) => void sendAll(files)}
        accept={kinds.includes('video') ? { ...IMAGE_TYPES, ...VIDEO_TYPES } : IMAGE_TYPES}
        maxSize={UPLOAD_MAX_BYTES}
        multiple={kinds.includes('video')}
        disabled={sending !== null}
        hint={HINTS[kinds.join(',')]}
        prompt={
          // Dragging is offered only where there is a mouse to drag with and room beside; a phone or tablet is told to choose.
          <>
            <span className="media-drop-words">
              Drop {many} here, or choose {kinds.includes('video') ? 'files' : 'a file'}
            </span>
            <span className="media-tap-words">{kinds.includes('video') ? 'Choose files' : 'Choose a file'}</span>
          </>
        }
      />
      {sending && (
        <UploadProgressBar
          id={`${id}-progress`}
          file={sending.file}
          progress={sending.progress}
          finishing={sending.waiting > 0 ? `Checking ${sending.file.name}; ${sending.waiting} more to go…` : `Checking and storing ${sending.file.name}…`}
          onCancel={cancel}
        />
      )}
      {failures.length > 0 && (
        <div className="bo-alert" role="alert">
          <p style={{ margin: 0 }}>{failures.length === 1 ? 'This file was not uploaded:' : 'These files were not uploaded:'}</p>
          <ul>
            {failures.map((failure) => (
              <li key={failure}>{failure}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
