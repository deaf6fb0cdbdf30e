import type { UploadProgress } from '#src/api/resumable-upload.ts';
import { formatFileSize } from '#src/ui/file-field-rules.ts';

/** Whole percent of an upload sent (0 before its size is known). */
export const percentSent = (progress: UploadProgress | undefined): number => (progress?.total ? Math.floor((progress.sent / progress.total) * 100) : 0);

/**
 * A resumable upload under way: how much of the file has gone, then what the server does with
 * it (`finishing`) once the last byte is sent, and a way to stop. One look for covers, content
 * images and videos.
 */
export function UploadProgressBar({
  id,
  file,
  progress,
  finishing,
  onCancel,
}: {
  id: string;
  file: File;
  progress: UploadProgress;
  finishing: string;
  onCancel: () => void;
}) {
  const percent = percentSent(progress);
  return (
    <div className="bo-upload-progress">
      <label htmlFor={id}>{percent < 100 ? `Uploading ${file.name}: ${formatFileSize(progress.sent)} of ${formatFileSize(progress.total)}` : finishing}</label>
      <progress id={id} max={100} value={percent}>
        {percent}%
      </progress>
      <button type="button" className="bo-button" onClick={onCancel}>
        Cancel upload
      </button>
    </div>
  );
}
