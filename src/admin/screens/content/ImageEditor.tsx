import { useState } from 'react';
import { messageOf } from '#src/api/client.ts';
import { fetchImageFile, UrlValueError } from '#src/api/url-value.ts';
import { CONTENT_LIMITS } from '#src/schemas/content.ts';
import { IMAGE_TYPES, UPLOAD_MAX_BYTES } from '#src/schemas/upload.ts';
import { FileField } from '#src/ui/FileField.tsx';
import { UploadProgressBar } from '#src/admin/components/UploadProgressBar.tsx';
import { imageById, uploadContentImage } from '#src/admin/stores/content.ts';
import { ReplaceToggle } from '#src/admin/kit/ReplaceToggle.tsx';
import { ChooseFromLibrary } from '../media/ChooseFromLibrary.tsx';
import { useMediaUpload, useMediaView } from '#src/admin/components/media-upload.ts';
import type { ImageValue, ValueErrors } from './value-rules.ts';

type Props = { id: string; value: ImageValue; onChange: (value: ImageValue) => void; errors: ValueErrors; showErrors: boolean; disabled?: boolean };

/**
 * An image element's value: a picture sent through the resumable (tus) upload with its progress
 * (or fetched from a web address first, then uploaded), and its description
 * (alt text) for people who cannot see it.
 */
export function ImageEditor({ id, value, onChange, errors, showErrors, disabled }: Props) {
  const [image, setImage] = useMediaView(value.mediaId, imageById);
  const [address, setAddress] = useState('');
  // With a picture in place, the ways to change it wait behind Replace.
  const [replacing, setReplacing] = useState(false);
  const { phase, setPhase, upload, cancel } = useMediaUpload(uploadContentImage, (uploaded) => {
    setImage(uploaded);
    setReplacing(false);
    onChange({ ...value, mediaId: uploaded._id });
  });

  const fetchFromAddress = async () => {
    setPhase({ kind: 'fetching', url: address });
    try {
      upload(await fetchImageFile(address));
      setAddress('');
    } catch (error) {
      setPhase({ kind: 'failed', message: error instanceof UrlValueError ? error.message : messageOf(error) });
    }
  };

  const busy = phase.kind === 'sending' || phase.kind === 'fetching';
  const sending = phase.kind === 'sending' ? phase : null;
  const altError = showErrors ? errors.alt : undefined;
  const mediaError = showErrors ? errors.mediaId : undefined;
  const choosing = !value.mediaId || replacing || phase.kind !== 'idle' || Boolean(mediaError);
  return (
    <div className="content-image">
      {image && image._id === value.mediaId && (
        <figure className="bo-cover-preview">
          <picture>
            {image.sources.map((source) => (
              <source key={source.type} type={source.type} srcSet={source.srcset} sizes="28rem" />
            ))}
            <img src={image.src} alt="" width={image.width} height={image.height} />
          </picture>
          <figcaption>
            <span>
              {image.width} × {image.height} px
            </span>
            <ReplaceToggle controls={`${id}-choices`} expanded={choosing} disabled={busy || disabled} onToggle={() => setReplacing(!replacing)} />
          </figcaption>
        </figure>
      )}
      {/* Hidden, not removed, while the picture stays: a file dropped in starts the same upload. */}
      <div id={`${id}-choices`} className="bo-form-fields" hidden={!choosing}>
        <FileField
          id={`${id}-file`}
          label={value.mediaId ? 'Replace the image' : 'Upload an image'}
          value={[]}
          onChange={(files) => files[0] && upload(files[0])}
          accept={IMAGE_TYPES}
          maxSize={UPLOAD_MAX_BYTES}
          multiple={false}
          disabled={busy || disabled}
          hint="JPEG, PNG, WebP, AVIF, GIF or TIFF, at least 200 pixels wide. Location and camera details are removed."
          error={mediaError}
        />
        <ChooseFromLibrary
          title="Choose an image"
          disabled={busy || disabled}
          current={value.mediaId || undefined}
          onChoose={(image, mediaId, alt) => {
            setImage(image);
            // The library's alt text fills an empty description; one already written stays.
            setReplacing(false);
            onChange({ ...value, mediaId, alt: value.alt || alt });
          }}
        />
        <div className="content-inline-form">
          <div className="ui-field">
            <label className="ui-label" htmlFor={`${id}-address`}>
              Or the image's web address
            </label>
            <input
              id={`${id}-address`}
              className="ui-input"
              type="url"
              inputMode="url"
              value={address}
              disabled={busy || disabled}
              onChange={(event) => setAddress(event.target.value)}
            />
          </div>
          <button type="button" className="bo-button" disabled={!address.trim() || busy || disabled} onClick={fetchFromAddress}>
            {phase.kind === 'fetching' ? 'Fetching…' : 'Fetch and upload'}
          </button>
        </div>
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
        <p className="bo-error" role="alert">
          {phase.message}
        </p>
      )}
      <div className="ui-field">
        <label className="ui-label" htmlFor={`${id}-alt`}>
          Alt text
        </label>
        <input
          id={`${id}-alt`}
          className="ui-input"
          value={value.alt}
          maxLength={CONTENT_LIMITS.alt}
          disabled={disabled}
          aria-describedby={`${id}-alt-hint${altError ? ` ${id}-alt-error` : ''}`}
          aria-invalid={altError ? true : undefined}
          onChange={(event) => onChange({ ...value, alt: event.target.value })}
        />
        <p id={`${id}-alt-hint`} className="bo-hint">
          What the image shows, for people who cannot see it. Leave empty only for a purely decorative image.
        </p>
        {altError && (
          <p id={`${id}-alt-error`} className="ui-field-error">
            {altError}
          </p>
        )}
      </div>
    </div>
  );
}
