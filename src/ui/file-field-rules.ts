/**
 * Pure rules of the file field (spec: "File field", "File rejection record", "File drop
 * messages", "File drop states"), kept free of React so they can be unit tested and reused
 * wherever a list of files has to be checked the same way the field checks it.
 *
 * `checkFiles` mirrors what react-dropzone 20 (the library under FileField) does on a drop, so
 * the two never disagree: the same files are accepted, the same ones rejected, with the same
 * codes and (once FileField maps the two size messages through `getErrorMessage`) the same
 * messages. See node_modules/react-dropzone/src/utils/index.ts and its `setFiles`.
 */

/** Spec: "File area: 'Drag & drop files here, or click to select files' and 'Drop the files here...' while dragging." */
export const FILE_FIELD_MESSAGES = {
  idle: 'Drag & drop files here, or click to select files',
  dragging: 'Drop the files here...',
} as const;

/**
 * Accepted types in react-dropzone's `accept` shape: MIME type (or wildcard such as `image/*`)
 * mapped to file extensions (`.pdf`). An empty map accepts any file.
 */
export type FileAccept = Readonly<Record<string, string | readonly string[]>>;

/** Spec: "Upload default types image, video, application/pdf." */
export const DEFAULT_ACCEPT: FileAccept = Object.freeze({ 'image/*': [], 'video/*': [], 'application/pdf': [] });

/** Spec: "File dialog cancel check waits 300 ms after window regains focus." (react-dropzone's own delay; not configurable.) */
export const FILE_DIALOG_CANCEL_DELAY_MS = 300;

/** Spec: "File drop messages with codes" — the codes react-dropzone uses. */
export const FILE_ERROR_CODES = {
  invalidType: 'file-invalid-type',
  tooLarge: 'file-too-large',
  tooSmall: 'file-too-small',
  tooManyFiles: 'too-many-files',
} as const;

export type FileErrorCode = (typeof FILE_ERROR_CODES)[keyof typeof FILE_ERROR_CODES];

/** One reason a file was refused; a custom validator may use codes of its own. */
export interface FileFieldError {
  code: FileErrorCode | (string & {});
  message: string;
}

/** Spec: "File rejection record: the file and a list of errors, each with a code and message." */
export interface FileRejectionRecord<F = File> {
  file: F;
  errors: FileFieldError[];
}

/** What a custom validator returns: one error, a list of them, or `null` (an empty list also passes). */
export type FileValidatorResult = FileFieldError | readonly FileFieldError[] | null;
export type FileValidator<F = File> = (file: F) => FileValidatorResult;

/** The parts of a File the rules read, so server code can check plain records too. */
export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/** The drop rules of the spec, with the field's defaults. */
export interface FileFieldRules<F extends FileLike = File> {
  /** Accepted types; DEFAULT_ACCEPT when left out, `{}` for any type. */
  accept?: FileAccept;
  /** Smallest size in bytes (inclusive); default 0, i.e. no limit. */
  minSize?: number;
  /** Largest size in bytes (inclusive); default no limit. */
  maxSize?: number;
  /** Whether more than one file may be chosen; default true. */
  multiple?: boolean;
  /** Most files the field may hold when `multiple` is on; 0 (the default) means unlimited. */
  maxFiles?: number;
  validator?: FileValidator<F>;
  /**
   * Files the field already holds, counted against `maxFiles` (FileField adds a drop to its
   * list rather than replacing it). Ignored when `multiple` is off: a new file replaces the old.
   */
  currentCount?: number;
}

export interface FileCheckResult<F = File> {
  accepted: F[];
  rejections: FileRejectionRecord<F>[];
}

// ---- Messages ----

/** `File type must be image/*`, or `File type must be one of image/*, video/*, application/pdf` for several types. */
export function invalidTypeMessage(types: readonly string[]): string {
  return types.length > 1 ? `File type must be one of ${types.join(', ')}` : `File type must be ${types[0] ?? ''}`;
}

/** Spec wording (react-dropzone 20 would say "5 MB"; FileField maps its message to this one). */
export function tooLargeMessage(maxSize: number): string {
  return `File is larger than ${maxSize} bytes`;
}

export function tooSmallMessage(minSize: number): string {
  return `File is smaller than ${minSize} bytes`;
}

export const TOO_MANY_FILES_MESSAGE = 'Too many files';

export function invalidTypeError(types: readonly string[]): FileFieldError {
  return { code: FILE_ERROR_CODES.invalidType, message: invalidTypeMessage(types) };
}
export function tooLargeError(maxSize: number): FileFieldError {
  return { code: FILE_ERROR_CODES.tooLarge, message: tooLargeMessage(maxSize) };
}
export function tooSmallError(minSize: number): FileFieldError {
  return { code: FILE_ERROR_CODES.tooSmall, message: tooSmallMessage(minSize) };
}
export function tooManyFilesError(): FileFieldError {
  return { code: FILE_ERROR_CODES.tooManyFiles, message: TOO_MANY_FILES_MESSAGE };
}

// ---- Type matching (react-dropzone's acceptPropAsAcceptAttr + attr-accept) ----

const isMimeType = (value: string) => ['audio/*', 'video/*', 'image/*', 'text/*', 'application/*'].includes(value) || /\w+\/[-+.\w]+/.test(value);
const isExtension = (value: string) => /^.*\.[\w]+$/.test(value);
const isWildcard = (value: string) => value.endsWith('/*');

function extensionsOf(value: string | readonly string[] | undefined): string[] {
  const list: readonly string[] = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return list.filter((ext, index) => list.indexOf(ext) === index);
}

/**
 * The types a drop is checked against, in order: what react-dropzone puts in the file input's
 * `accept` attribute. A wildcard paired with extensions (`{'image/*': ['.png']}`) gives way to
 * the extensions, so only those pass; entries that are neither a MIME type nor an extension are
 * dropped. An empty list accepts anything.
 */
export function acceptedTypes(accept: FileAccept): string[] {
  const types: string[] = [];
  for (const [mimeType, value] of Object.entries(accept)) {
    const extensions = extensionsOf(value);
    if (isWildcard(mimeType) && extensions.some(isExtension)) types.push(...extensions);
    else types.push(mimeType, ...extensions);
  }
  return types.filter((type) => isMimeType(type) || isExtension(type));
}

/** The file input's `accept` attribute for these types (filters the operating system's dialog). */
export function acceptAttribute(accept: FileAccept): string {
  return acceptedTypes(accept).join(',');
}

/** Whether a file matches one of the types: exact MIME type, `type/*` wildcard, or `.ext` at the end of its name (any case). */
export function fileMatchesTypes(file: Pick<FileLike, 'name' | 'type'>, types: readonly string[]): boolean {
  // Firefox before 53 reported this bogus type for every drag; react-dropzone lets it through.
  if (file.type === 'application/x-moz-file') return true;
  const wanted = types.filter((type) => type.trim() !== '');
  if (wanted.length === 0) return true;
  const name = (file.name || '').toLowerCase();
  const mimeType = (file.type || '').toLowerCase();
  const baseType = mimeType.replace(/\/.*$/, '');
  return wanted.some((type) => {
    const valid = type.trim().toLowerCase();
    if (valid.startsWith('.')) return name.endsWith(valid);
    if (valid.endsWith('/*')) return baseType === valid.replace(/\/.*$/, '');
    return mimeType === valid;
  });
}

// ---- The drop rules ----

function validatorErrors(result: FileValidatorResult): FileFieldError[] {
  if (!result) return [];
  return Array.isArray(result) ? [...(result as readonly FileFieldError[])] : [result as FileFieldError];
}

/**
 * Splits dropped files into accepted ones and rejection records, as react-dropzone does:
 *
 * - each file is checked on its own: type, then size (too large is checked before too small, and
 *   at most one size error is given; sizes equal to a limit pass), then the custom validator,
 *   whose errors are added after the built-in ones;
 * - then the count: once the files that passed exceed the limit (1 when `multiple` is off,
 *   otherwise `maxFiles` less `currentCount`, none when `maxFiles` is 0), the first ones within
 *   the limit are kept and each file past it is rejected with `too-many-files` alone. Files that
 *   already failed a check do not use up the limit. Rejections keep the drop order, with the
 *   surplus after the files that failed a check.
 *
 * Unlike the browser path, no type is guessed from the extension of a file whose type is empty
 * (react-dropzone's file reader does that before checking), and `.DS_Store`/`Thumbs.db` are not
 * skipped; pass files as the browser reports them with a type.
 */
export function checkFiles<F extends FileLike>(files: readonly F[], rules: FileFieldRules<F> = {}): FileCheckResult<F> {
  const { accept = DEFAULT_ACCEPT, minSize = 0, maxSize = Number.POSITIVE_INFINITY, multiple = true, maxFiles = 0, validator, currentCount = 0 } = rules;
  const types = acceptedTypes(accept);
  const accepted: F[] = [];
  const rejections: FileRejectionRecord<F>[] = [];

  for (const file of files) {
    const errors: FileFieldError[] = [];
    if (!fileMatchesTypes(file, types)) errors.push(invalidTypeError(types));
    if (file.size > maxSize) errors.push(tooLargeError(maxSize));
    else if (file.size < minSize) errors.push(tooSmallError(minSize));
    errors.push(...(validator ? validatorErrors(validator(file)) : []));
    if (errors.length === 0) accepted.push(file);
    else rejections.push({ file, errors });
  }

  const limit = !multiple ? 1 : maxFiles >= 1 ? Math.max(maxFiles - currentCount, 0) : Number.POSITIVE_INFINITY;
  if (accepted.length > limit) {
    for (const file of accepted.splice(limit)) rejections.push({ file, errors: [tooManyFilesError()] });
  }
  return { accepted, rejections };
}

// ---- Display ----

/** Spec: "File drop states: idle, focused, dialog open, drag active with accept or reject." */
export type FileDropState = 'idle' | 'focused' | 'dialog-open' | 'drag-accept' | 'drag-reject' | 'drag-active';

/**
 * The one state a drop zone shows. A drag wins over the dialog, the dialog over focus. While a
 * drag is on, `drag-active` means it cannot be told yet (a custom validator only runs on drop).
 */
export function fileDropState(flags: {
  isFocused?: boolean;
  isFileDialogActive?: boolean;
  isDragActive?: boolean;
  isDragAccept?: boolean;
  isDragReject?: boolean;
}): FileDropState {
  if (flags.isDragActive) return flags.isDragReject ? 'drag-reject' : flags.isDragAccept ? 'drag-accept' : 'drag-active';
  if (flags.isFileDialogActive) return 'dialog-open';
  return flags.isFocused ? 'focused' : 'idle';
}

/** A file's size for people (src/lib/file-size.ts, which the server's readable export uses too). */
export { formatFileSize } from '../lib/file-size.ts';
