import { useEffect, useState } from 'react';
import { messageOf } from '#src/api/client.ts';
import { uploadDocument } from '#src/api/resumable-upload.ts';
import type { FilesField } from '#src/schemas/leads/form-definition.ts';
import { LEAD_FILE_MAX_BYTES, LEAD_FILE_TYPES } from '#src/schemas/upload.ts';
import { FileField } from '#src/ui/FileField.tsx';
import { formatFileSize } from '#src/ui/file-field-rules.ts';
import { visibleError } from '#src/ui/form-state.ts';

type Uploaded = { id: string; name: string; bytes: number };
type Props = { id: string; field: FilesField; value: string[]; onChange: (ids: string[]) => void; error?: string | undefined; touched: boolean };

/** The names of files uploaded in this tab, so the list survives a reload along with the answers. */
const NAMES_KEY = 'lead-form:file-names';
const loadNames = (): Record<string, Uploaded> => {
  try {
    return JSON.parse(sessionStorage.getItem(NAMES_KEY) ?? '{}') as Record<string, Uploaded>;
  } catch {
    return {};
  }
};

/**
 * A document attached to a request (a fleet schedule): dropped or chosen in the file field,
 * sent straight away by the resumable upload with a progress bar, and kept as its id.
 */
export function FilesAnswer({ id, field, value, onChange, error, touched }: Props) {
  const [names, setNames] = useState<Record<string, Uploaded>>({});
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => setNames(loadNames()), []);

  const start = async (files: File[]) => {
    setFailure('');
    let ids = value;
    for (const file of files) {
      setSending({ name: file.name, percent: 0 });
      const upload = uploadDocument(file, ({ sent, total }) => setSending({ name: file.name, percent: total ? Math.floor((sent / total) * 100) : 0 }));
      try {
        const { file: stored } = await upload.done;
        const next = { ...loadNames(), [stored._id]: { id: stored._id, name: stored.name, bytes: stored.bytes } };
        sessionStorage.setItem(NAMES_KEY, JSON.stringify(next));
        setNames(next);
        ids = [...ids, stored._id];
        onChange(ids);
      } catch (problem) {
        setFailure(messageOf(problem));
        break;
      }
    }
    setSending(null);
  };

  const shown = visibleError(error, touched);
  return (
    <div className="lead-files">
      <FileField
        id={id}
        label={field.label}
        value={[]}
        onChange={(files) => void start(files)}
        accept={LEAD_FILE_TYPES}
        maxSize={LEAD_FILE_MAX_BYTES}
        maxFiles={Math.max(0, field.maxFiles - value.length) || 1}
        disabled={Boolean(sending) || value.length >= field.maxFiles}
        hint={field.hint}
        error={shown || undefined}
      />
      {sending && (
        <div className="lead-upload-progress">
          <label htmlFor={`${id}-progress`}>Uploading {sending.name}</label>
          <progress id={`${id}-progress`} max={100} value={sending.percent}>
            {sending.percent}%
          </progress>
        </div>
      )}
      {failure && (
        <p className="ui-field-error" role="alert">
          {failure}
        </p>
      )}
      {value.length > 0 && (
        <ul className="lead-file-list" aria-label="Uploaded files">
          {value.map((fileId) => (
            <li key={fileId}>
              {names[fileId]?.name ?? 'Uploaded file'} {names[fileId] ? `(${formatFileSize(names[fileId].bytes)})` : ''}{' '}
              <button type="button" className="button secondary" onClick={() => onChange(value.filter((other) => other !== fileId))}>
                Remove {names[fileId]?.name ?? 'file'}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
