import { CONTENT_LIMITS, VIDEO_HOSTS } from '#src/schemas/content.ts';
import { UPLOAD_MAX_BYTES, VIDEO_TYPES } from '#src/schemas/upload.ts';
import { FileField } from '#src/ui/FileField.tsx';
import { FormField } from '#src/ui/FormField.tsx';
import { UploadProgressBar } from '#src/admin/components/UploadProgressBar.tsx';
import { uploadContentVideo, videoById } from '#src/admin/stores/content.ts';
import { useMediaUpload, useMediaView } from '#src/admin/components/media-upload.ts';
import type { ValueErrors, VideoValue } from './value-rules.ts';

type Props = { id: string; value: VideoValue; onChange: (value: VideoValue) => void; errors: ValueErrors; showErrors: boolean; disabled?: boolean };

const playerHosts = VIDEO_HOSTS.filter((host) => !host.startsWith('www.') && !host.startsWith('player.')).join(' or ');

/**
 * A video element's value: a YouTube or Vimeo address (its host is asked whether the video
 * exists before the value is saved), or the broker's own MP4 or WebM file sent through the
 * resumable upload with its progress; and a title either way.
 */
export function VideoEditor({ id, value, onChange, errors, showErrors, disabled }: Props) {
  const source = value.mediaId !== undefined ? 'file' : 'address';
  const [video, setVideo] = useMediaView(value.mediaId, videoById);
  const { phase, upload, cancel } = useMediaUpload(uploadContentVideo, (uploaded) => {
    setVideo(uploaded);
    onChange({ mediaId: uploaded._id, title: value.title ?? '' });
  });
  const error = (key: string) => (showErrors ? errors[key] : undefined);

  const sending = phase.kind === 'sending' ? phase : null;

  return (
    <div className="content-image">
      <div className="content-choice" role="radiogroup" aria-label="Where the video comes from">
        <label>
          <input
            type="radio"
            name={`${id}-source`}
            checked={source === 'address'}
            disabled={disabled || Boolean(sending)}
            onChange={() => onChange({ url: '', title: value.title ?? '' })}
          />{' '}
          An address on {playerHosts}
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-source`}
            checked={source === 'file'}
            disabled={disabled || Boolean(sending)}
            onChange={() => onChange({ mediaId: '', title: value.title ?? '' })}
          />{' '}
          Our own video file
        </label>
      </div>
      {source === 'address' ? (
        <>
          <FormField
            id={`${id}-url`}
            label="Video address"
            value={value.url ?? ''}
            error={error('url')}
            touched
            disabled={disabled}
            aria-describedby={`${id}-url-hint`}
            onChange={(event) => onChange({ ...value, url: event.target.value })}
          />
          <p id={`${id}-url-hint`} className="bo-hint">
            It starts with https://. Before saving, the video's site is asked whether the video is there.
          </p>
        </>
      ) : (
        <>
          {video && video._id === value.mediaId && (
            // biome-ignore lint/a11y/useMediaCaption: the broker's own clip, shown to staff to check it is the right one; captions belong to the file.
            <video className="content-preview-video" src={video.src} controls preload="metadata" />
          )}
          <FileField
            id={`${id}-file`}
            label={value.mediaId ? 'Replace the video file' : 'Upload a video file'}
            value={[]}
            onChange={(files) => files[0] && upload(files[0])}
            accept={VIDEO_TYPES}
            maxSize={UPLOAD_MAX_BYTES}
            multiple={false}
            disabled={Boolean(sending) || disabled}
            hint="MP4 or WebM, up to 100 MB."
            error={error('mediaId')}
          />
          {sending && (
            <UploadProgressBar id={`${id}-progress`} file={sending.file} progress={sending.progress} finishing="Checking the video…" onCancel={cancel} />
          )}
          {phase.kind === 'failed' && (
            <p className="bo-error" role="alert">
              {phase.message}
            </p>
          )}
        </>
      )}
      {error('') && <p className="bo-error">{error('')}</p>}
      <FormField
        id={`${id}-title`}
        label="Video title"
        value={value.title ?? ''}
        maxLength={CONTENT_LIMITS.text}
        error={error('title')}
        touched
        disabled={disabled}
        onChange={(event) => onChange({ ...value, title: event.target.value })}
      />
    </div>
  );
}
