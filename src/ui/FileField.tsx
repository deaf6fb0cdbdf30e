import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useDropzone, type FileError, type FileRejection } from 'react-dropzone';
import {
  DEFAULT_ACCEPT,
  FILE_ERROR_CODES,
  FILE_FIELD_MESSAGES,
  fileDropState,
  formatFileSize,
  tooLargeMessage,
  tooManyFilesError,
  tooSmallMessage,
  type FileAccept,
  type FileRejectionRecord,
  type FileValidator,
} from './file-field-rules.ts';
import { joinIds } from './form-state.ts';
import './ui.css';

export interface FileFieldProps {
  /** Goes on the drop zone, the focusable control; the other parts' ids derive from it. */
  id: string;
  label: string;
  /** The files the field holds (spec: "a file field holds a list of files"). */
  value: File[];
  /** Called with the new list: a drop adds its accepted files (replaces them when `multiple` is off); a remove button takes one out. */
  onChange: (files: File[]) => void;
  /** Called after a drop or selection that refused files, with the same records the field lists. */
  onReject?: (rejections: FileRejectionRecord[]) => void;
  /** Accepted types in react-dropzone's shape; DEFAULT_ACCEPT (image, video, PDF) unless told; `{}` for any type. */
  accept?: FileAccept;
  /** Smallest size in bytes; no limit unless told. */
  minSize?: number;
  /** Largest size in bytes; no limit unless told. */
  maxSize?: number;
  /** Default true. */
  multiple?: boolean;
  /** Most files the field may hold when `multiple` is on; 0 (the default) means unlimited. */
  maxFiles?: number;
  /** Extra check run on each file on drop (never during a drag, when only the type is known). */
  validator?: FileValidator;
  disabled?: boolean;
  hint?: string;
  /** The form's message for this field (e.g. "required"), shown under it. */
  error?: string;
  /** Goes on the wrapper. */
  className?: string;
  /** The zone's words while nothing is dragged over it, in place of the spec's (the back-office's library says them its own way). */
  prompt?: ReactNode;
}

/**
 * Errors a custom validator returned. Its own messages are kept as they are even when it reuses
 * a built-in code; only react-dropzone's own size messages are reworded to the spec's.
 */
const validatorErrors = new WeakSet<object>();

/**
 * The spec's file field on react-dropzone: a labelled drop zone that is also a button (Enter or
 * Space opens the file dialog, as does a click or a click on the label), the reasons for any
 * refused file (code and message, announced as an alert), and the chosen files with a remove
 * button each. The rules are react-dropzone's, the same as `checkFiles` in file-field-rules.ts;
 * the drop zone's state (focused, dialog open, drag accept or reject) is a class for the styles.
 *
 * Keeps no inline styles (the CSP forbids them): react-dropzone's style on its hidden input is
 * replaced by the `ui-file-input` class. The input sits outside the zone so that no control is
 * nested in the zone's button.
 */
export function FileField({
  id,
  label,
  value,
  onChange,
  onReject,
  accept = DEFAULT_ACCEPT,
  minSize,
  maxSize,
  multiple = true,
  maxFiles = 0,
  validator,
  disabled = false,
  hint,
  error,
  className,
  prompt,
}: FileFieldProps) {
  const [rejections, setRejections] = useState<FileRejectionRecord[]>([]);

  // The limit applies to the whole list, so a drop may add only what is left of it.
  // react-dropzone reads a maxFiles of 0 as "no limit": a full field caps the drop itself below.
  const limited = multiple && maxFiles >= 1;
  const room = limited ? Math.max(maxFiles - value.length, 0) : Number.POSITIVE_INFINITY;
  const full = room === 0;

  const markedValidator = useMemo(
    () =>
      validator &&
      ((file: File) => {
        const result = validator(file);
        const errors = Array.isArray(result) ? result : result ? [result] : [];
        for (const err of errors) if (typeof err === 'object' && err !== null) validatorErrors.add(err);
        return result;
      }),
    [validator],
  );

  const getErrorMessage = useCallback(
    (err: FileError) => {
      if (validatorErrors.has(err)) return err.message;
      if (err.code === FILE_ERROR_CODES.tooLarge && maxSize !== undefined) return tooLargeMessage(maxSize);
      if (err.code === FILE_ERROR_CODES.tooSmall && minSize !== undefined) return tooSmallMessage(minSize);
      return err.message;
    },
    [minSize, maxSize],
  );

  const onDrop = useCallback(
    (acceptedFiles: File[], fileRejections: FileRejection[]) => {
      const records: FileRejectionRecord[] = fileRejections.map(({ file, errors }) => ({
        file,
        errors: errors.map(({ code, message }) => ({ code, message })),
      }));
      const kept = [...acceptedFiles];
      if (kept.length > room) {
        for (const file of kept.splice(room)) records.push({ file, errors: [tooManyFilesError()] });
      }
      setRejections(records);
      if (kept.length > 0) onChange(multiple ? [...value, ...kept] : kept);
      if (records.length > 0) onReject?.(records);
    },
    [room, multiple, value, onChange, onReject],
  );

  const { getRootProps, getInputProps, rootRef, isFocused, isFileDialogActive, isDragActive, isDragAccept, isDragReject } = useDropzone({
    accept,
    minSize,
    maxSize,
    multiple,
    maxFiles: limited && !full ? room : 0,
    validator: markedValidator,
    getErrorMessage,
    disabled,
    onDrop,
  });

  const state = fileDropState({
    isFocused,
    isFileDialogActive,
    isDragActive,
    isDragAccept: isDragAccept && !full,
    isDragReject: isDragReject || full,
  });

  const labelId = `${id}-label`;
  const inputId = `${id}-input`;
  const textId = `${id}-text`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const rejectionsId = `${id}-rejections`;

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index));
    // The button goes away with the file; keep the keyboard user in the field.
    rootRef.current?.focus();
  };

  const zoneClass = ['ui-file-zone', `ui-file-zone-${state}`, isDragActive && 'ui-file-zone-drag', disabled && 'ui-file-zone-disabled']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={className ? `ui-field ui-file-field ${className}` : 'ui-field ui-file-field'}>
      <label id={labelId} className="ui-label" htmlFor={inputId}>
        {label}
      </label>
      <div
        {...getRootProps({
          id,
          role: 'button',
          className: zoneClass,
          // The name carries the zone's own visible text too (WCAG 2.5.3, label in name).
          'aria-labelledby': `${labelId} ${textId}`,
          'aria-describedby': joinIds(hint && hintId, rejections.length > 0 && rejectionsId, error && errorId),
        })}
      >
        <p id={textId} className="ui-file-zone-text">
          {isDragActive ? FILE_FIELD_MESSAGES.dragging : (prompt ?? FILE_FIELD_MESSAGES.idle)}
        </p>
      </div>
      <input {...getInputProps({ id: inputId, className: 'ui-file-input', style: undefined, 'aria-label': undefined, disabled })} />
      {hint && (
        <p id={hintId} className="ui-hint">
          {hint}
        </p>
      )}
      <div id={rejectionsId} role="alert" className="ui-file-rejections">
        {rejections.length > 0 && (
          <ul className="ui-file-rejection-list">
            {rejections.map(({ file, errors }, index) => (
              <li key={`${index}-${file.name}`} className="ui-file-rejection">
                <span className="ui-file-name">{file.name}</span>
                <ul className="ui-file-errors">
                  {errors.map((err, errIndex) => (
                    <li key={`${errIndex}-${err.code}`} className="ui-file-error" data-code={err.code}>
                      {err.message} <span className="ui-file-error-code">({err.code})</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p id={errorId} className="ui-field-error">
          {error}
        </p>
      )}
      {value.length > 0 && (
        <ul className="ui-file-list" aria-label={`${label} chosen`}>
          {value.map((file, index) => (
            <li key={`${index}-${file.name}-${file.lastModified}`} className="ui-file-item">
              <span className="ui-file-name">{file.name}</span>
              <span className="ui-file-size">{formatFileSize(file.size)}</span>
              <button type="button" className="ui-file-remove" aria-label={`Remove ${file.name}`} disabled={disabled} onClick={() => remove(index)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
