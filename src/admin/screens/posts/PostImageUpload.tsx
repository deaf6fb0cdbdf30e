import { useEffect, useState } from 'react';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES, type ImageView } from '#src/schemas/upload.ts';
import { FileField } from '#src/ui/FileField.tsx';
import { UploadProgressBar } from '#src/admin/components/UploadProgressBar.tsx';
import { uploadCover } from '#src/admin/stores/posts.ts';
import { ReplaceToggle } from '#src/admin/kit/ReplaceToggle.tsx';
import { ChooseFromLibrary } from '../media/ChooseFromLibrary.tsx';
import { useMediaUpload } from '#src/admin/components/media-upload.ts';

type Props = {
  /** Names the controls (`{id}-file`, `{id}-choices`); one per picture the form has. */
  id?: string;
  /** What the picture is, in the labels: "cover image" or "share image". */
  noun?: string;
  /** The picture the post has now, shown as the preview until another is uploaded. */
  current: ImageView | null;
  /** A new upload, or one chosen from the library with the alt text kept there. */
  onUploaded: (image: ImageView, alt?: string) => void;
  onRemove: () => void;
  /** Told when an upload starts and ends, so the form can hold its save until the picture is in. */
  onBusy?: (busy: boolean) => void;
  error?: string;
};

/**
 * A post's picture (its cover, or its own share image): pick or drop one picture (it goes up in resumable 10 MB chunks with a
 * progress bar, the server checks and converts it), or choose one already in the media
 * library; the preview shows what readers will see.
 */
export function PostImageUpload({ id = 'cover', noun = 'cover image', current, onUploaded, onRemove, onBusy, error }: Props) {
  // With a picture in place, the ways to change it wait behind Replace.
  const [replacing, setReplacing] = useState(false);
  const { phase, upload, cancel } = useMediaUpload(uploadCover, (image) => {
    onUploaded(image);
    setReplacing(false);
  });
  const busy = phase.kind === 'sending';
  useEffect(() => onBusy?.(busy), [busy, onBusy]);
  const start = (files: File[]) => files[0] && upload(files[0]);

  const sending = phase.kind === 'sending' ? phase : null;
  const choosing = !current || replacing || phase.kind !== 'idle';
  return (
    <div className="bo-form-fields">
      {current && (
        <figure className="bo-cover-preview">
          <img src={current.src} alt="" width={current.width} height={current.height} />
          <figcaption>
            <span>
              {current.width} × {current.height} px
            </span>
            <span className="bo-cover-actions">
              <ReplaceToggle controls={`${id}-choices`} expanded={choosing} disabled={Boolean(sending)} onToggle={() => setReplacing(!replacing)} />
              <button type="button" className="bo-button bo-button-danger-quiet" onClick={onRemove} disabled={Boolean(sending)}>
                Remove
              </button>
            </span>
          </figcaption>
        </figure>
      )}
      {/* Hidden, not removed, while the picture stays: a file dropped in starts the same upload. */}
      <div id={`${id}-choices`} className="bo-form-fields" hidden={!choosing}>
        <FileField
          id={`${id}-file`}
          label={current ? `Replace the ${noun}` : `Upload a ${noun}`}
          value={[]}
          onChange={start}
          accept={IMAGE_TYPES}
          maxSize={UPLOAD_MAX_BYTES}
          multiple={false}
          disabled={Boolean(sending)}
          hint="JPEG, PNG, WebP, AVIF, GIF or TIFF, at least 200 pixels wide. Location and camera details are removed."
          error={error}
        />
        <ChooseFromLibrary
          title={`Choose a ${noun}`}
          disabled={Boolean(sending)}
          current={current?._id}
          onChoose={(image, _id, alt) => {
            setReplacing(false);
            onUploaded(image, alt);
          }}
        />
      </div>
      {sending && (
        <UploadProgressBar
          id={`${id}-progress`}
          file={sending.file}
          progress={sending.progress}
          finishing="Checking and converting the image…"
          onCancel={cancel}
        />
      )}
      {phase.kind === 'failed' && (
        <p className="bo-alert" role="alert">
          {phase.message}
        </p>
      )}
    </div>
  );
}
