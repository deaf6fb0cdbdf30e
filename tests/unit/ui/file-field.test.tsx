// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileField, type FileFieldProps } from '#src/ui/FileField.tsx';
import {
  acceptAttribute,
  checkFiles,
  DEFAULT_ACCEPT,
  FILE_DIALOG_CANCEL_DELAY_MS,
  FILE_ERROR_CODES,
  FILE_FIELD_MESSAGES,
  fileDropState,
  formatFileSize,
  invalidTypeMessage,
  tooLargeMessage,
  tooSmallMessage,
  type FileFieldError,
  type FileFieldRules,
  type FileRejectionRecord,
} from '#src/ui/file-field-rules.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A file of `size` bytes. */
const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });
const png = (name = 'photo.png', size = 10) => file(name, 'image/png', size);
const pdf = (name = 'claim.pdf', size = 10) => file(name, 'application/pdf', size);
const txt = (name = 'notes.txt', size = 10) => file(name, 'text/plain', size);

/** Names and errors of rejection records, easy to compare. */
const summary = (rejections: readonly FileRejectionRecord[]) =>
  rejections.map(({ file: f, errors }) => ({ name: f.name, errors: errors.map(({ code, message }) => ({ code, message })) }));

describe('file field constants (spec wording)', () => {
  it('has the drop area texts', () => {
    expect(FILE_FIELD_MESSAGES.idle).toBe('Drag & drop files here, or click to select files');
    expect(FILE_FIELD_MESSAGES.dragging).toBe('Drop the files here...');
  });
  it('accepts image, video and PDF by default', () => {
    expect(DEFAULT_ACCEPT).toEqual({ 'image/*': [], 'video/*': [], 'application/pdf': [] });
    expect(acceptAttribute(DEFAULT_ACCEPT)).toBe('image/*,video/*,application/pdf');
  });
  it("uses react-dropzone's error codes", () => {
    expect(FILE_ERROR_CODES).toEqual({
      invalidType: 'file-invalid-type',
      tooLarge: 'file-too-large',
      tooSmall: 'file-too-small',
      tooManyFiles: 'too-many-files',
    });
  });
  it('waits 300 ms after the window regains focus before calling the dialog cancelled', () => expect(FILE_DIALOG_CANCEL_DELAY_MS).toBe(300));
  it('words the type message for one type and for a list', () => {
    expect(invalidTypeMessage(['image/*'])).toBe('File type must be image/*');
    expect(invalidTypeMessage(['image/*', 'video/*', 'application/pdf'])).toBe('File type must be one of image/*, video/*, application/pdf');
  });
  it('words the size messages in bytes', () => {
    expect(tooLargeMessage(5242880)).toBe('File is larger than 5242880 bytes');
    expect(tooSmallMessage(1)).toBe('File is smaller than 1 bytes');
  });
});

describe('checkFiles: type', () => {
  it('takes image, video and PDF by default and gives the list message otherwise', () => {
    const files = [png(), file('clip.mp4', 'video/mp4'), pdf(), txt()];
    const { accepted, rejections } = checkFiles(files);
    expect(accepted.map((f) => f.name)).toEqual(['photo.png', 'clip.mp4', 'claim.pdf']);
    expect(summary(rejections)).toEqual([
      { name: 'notes.txt', errors: [{ code: 'file-invalid-type', message: 'File type must be one of image/*, video/*, application/pdf' }] },
    ]);
  });
  it('gives the single-type message when one type is accepted', () => {
    const { rejections } = checkFiles([pdf()], { accept: { 'image/*': [] } });
    expect(rejections[0]?.errors).toEqual([{ code: 'file-invalid-type', message: 'File type must be image/*' }]);
  });
  it('matches a MIME wildcard on the part before the slash, whatever its case', () => {
    const rules = { accept: { 'image/*': [] } };
    expect(checkFiles([file('a.jpg', 'image/jpeg'), file('b.PNG', 'IMAGE/PNG')], rules).accepted).toHaveLength(2);
    expect(checkFiles([file('c.bin', 'application/x-image')], rules).accepted).toHaveLength(0);
  });
  it('matches an exact MIME type only exactly', () => {
    const rules = { accept: { 'application/pdf': [] } };
    expect(checkFiles([pdf()], rules).accepted).toHaveLength(1);
    expect(checkFiles([file('a.pdfx', 'application/pdfx')], rules).accepted).toHaveLength(0);
  });
  it('matches an extension at the end of the name, whatever its case, and lists it in the message', () => {
    const rules = { accept: { 'application/pdf': ['.pdf'] } };
    expect(checkFiles([file('CLAIM.PDF', '')], rules).accepted).toHaveLength(1);
    const { rejections } = checkFiles([file('claim.pdf.txt', 'text/plain')], rules);
    expect(rejections[0]?.errors[0]?.message).toBe('File type must be one of application/pdf, .pdf');
  });
  it('lets extensions paired with a wildcard restrict it (as the file input does)', () => {
    const rules = { accept: { 'image/*': ['.png', '.jpg'] } };
    expect(acceptAttribute(rules.accept)).toBe('.png,.jpg');
    expect(checkFiles([png()], rules).accepted).toHaveLength(1);
    const { rejections } = checkFiles([file('anim.gif', 'image/gif')], rules);
    expect(rejections[0]?.errors[0]?.message).toBe('File type must be one of .png, .jpg');
  });
  it('takes a single extension string and any type for an empty map', () => {
    expect(acceptAttribute({ 'text/csv': '.csv' })).toBe('text/csv,.csv');
    expect(checkFiles([txt(), file('x', '')], { accept: {} }).accepted).toHaveLength(2);
  });
});

describe('checkFiles: size', () => {
  it('rejects a file over maxSize and accepts one of exactly maxSize', () => {
    const { accepted, rejections } = checkFiles([png('big.png', 101), png('edge.png', 100)], { maxSize: 100 });
    expect(accepted.map((f) => f.name)).toEqual(['edge.png']);
    expect(summary(rejections)).toEqual([{ name: 'big.png', errors: [{ code: 'file-too-large', message: 'File is larger than 100 bytes' }] }]);
  });
  it('rejects a file under minSize and accepts one of exactly minSize', () => {
    const { accepted, rejections } = checkFiles([png('tiny.png', 9), png('edge.png', 10)], { minSize: 10 });
    expect(accepted.map((f) => f.name)).toEqual(['edge.png']);
    expect(summary(rejections)).toEqual([{ name: 'tiny.png', errors: [{ code: 'file-too-small', message: 'File is smaller than 10 bytes' }] }]);
  });
  it('has no size limit by default, even for an empty file', () => {
    expect(checkFiles([png('empty.png', 0), png('large.png', 3_000_000)]).accepted).toHaveLength(2);
  });
  it('gives the type error before the size error', () => {
    const { rejections } = checkFiles([txt('big.txt', 200)], { maxSize: 100 });
    expect(rejections[0]?.errors.map((e) => e.code)).toEqual(['file-invalid-type', 'file-too-large']);
  });
});

describe('checkFiles: count', () => {
  it('with multiple off keeps the first valid file and rejects the others as too many', () => {
    const { accepted, rejections } = checkFiles([png('a.png'), png('b.png'), png('c.png')], { multiple: false });
    expect(accepted.map((f) => f.name)).toEqual(['a.png']);
    expect(summary(rejections)).toEqual([
      { name: 'b.png', errors: [{ code: 'too-many-files', message: 'Too many files' }] },
      { name: 'c.png', errors: [{ code: 'too-many-files', message: 'Too many files' }] },
    ]);
  });
  it('with multiple off does not count a file that failed another check', () => {
    const { accepted, rejections } = checkFiles([txt(), png()], { multiple: false });
    expect(accepted.map((f) => f.name)).toEqual(['photo.png']);
    expect(rejections.map((r) => r.errors[0]?.code)).toEqual(['file-invalid-type']);
  });
  it('rejects the files past maxFiles as too many, after the ones that failed a check', () => {
    const files = [png('1.png'), txt(), png('2.png'), png('3.png'), png('4.png')];
    const { accepted, rejections } = checkFiles(files, { maxFiles: 2 });
    expect(accepted.map((f) => f.name)).toEqual(['1.png', '2.png']);
    expect(rejections.map((r) => [r.file.name, r.errors.map((e) => e.code).join()])).toEqual([
      ['notes.txt', 'file-invalid-type'],
      ['3.png', 'too-many-files'],
      ['4.png', 'too-many-files'],
    ]);
  });
  it('accepts exactly maxFiles files', () => expect(checkFiles([png('1.png'), png('2.png')], { maxFiles: 2 }).rejections).toEqual([]));
  it('counts the files the field already holds against maxFiles', () => {
    expect(checkFiles([png('1.png'), png('2.png')], { maxFiles: 3, currentCount: 2 }).accepted.map((f) => f.name)).toEqual(['1.png']);
    expect(checkFiles([png()], { maxFiles: 3, currentCount: 3 }).rejections[0]?.errors[0]?.code).toBe('too-many-files');
    expect(checkFiles([png()], { multiple: false, currentCount: 5 }).accepted).toHaveLength(1);
  });
  it('takes any number of files when maxFiles is 0', () => {
    const files = Array.from({ length: 50 }, (_, i) => png(`${i}.png`));
    expect(checkFiles(files, { maxFiles: 0 }).accepted).toHaveLength(50);
    expect(checkFiles(files).accepted).toHaveLength(50);
  });
});

describe('checkFiles: custom validator', () => {
  const secret: FileFieldError = { code: 'name-secret', message: 'Name must not say secret' };
  it('adds a single error it returns after the built-in ones', () => {
    const validator = (f: File) => (f.name.includes('secret') ? secret : null);
    expect(checkFiles([png('secret.png'), png('ok.png')], { validator }).accepted.map((f) => f.name)).toEqual(['ok.png']);
    expect(checkFiles([txt('secret.txt')], { validator }).rejections[0]?.errors).toEqual([
      { code: 'file-invalid-type', message: 'File type must be one of image/*, video/*, application/pdf' },
      secret,
    ]);
  });
  it('adds every error of a list it returns, and passes a file on an empty list or null', () => {
    const other: FileFieldError = { code: 'name-long', message: 'Name is too long' };
    const validator = (f: File) => (f.name.startsWith('bad') ? [secret, other] : f.name.startsWith('empty') ? [] : null);
    const { accepted, rejections } = checkFiles([png('bad.png'), png('empty.png'), png('fine.png')], { validator });
    expect(accepted.map((f) => f.name)).toEqual(['empty.png', 'fine.png']);
    expect(rejections[0]?.errors).toEqual([secret, other]);
  });
  it('does not let a file it rejects use up maxFiles', () => {
    const validator = (f: File) => (f.name === 'a.png' ? secret : null);
    expect(checkFiles([png('a.png'), png('b.png')], { validator, maxFiles: 1 }).accepted.map((f) => f.name)).toEqual(['b.png']);
  });
});

describe('file drop state and sizes', () => {
  it('names the spec states', () => {
    expect(fileDropState({})).toBe('idle');
    expect(fileDropState({ isFocused: true })).toBe('focused');
    expect(fileDropState({ isFocused: true, isFileDialogActive: true })).toBe('dialog-open');
    expect(fileDropState({ isFocused: true, isDragActive: true, isDragAccept: true })).toBe('drag-accept');
    expect(fileDropState({ isDragActive: true, isDragReject: true })).toBe('drag-reject');
    expect(fileDropState({ isDragActive: true })).toBe('drag-active');
  });
  it('shows a size in KB or MB', () => {
    expect(formatFileSize(0)).toBe('0 KB');
    expect(formatFileSize(10)).toBe('0.1 KB');
    expect(formatFileSize(512)).toBe('0.5 KB');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});

// ---- The component ----

/** What a browser hands over on a drop or a drag: files, the "Files" type, and file items. */
const transfer = (files: File[]) => ({
  dataTransfer: { files, types: ['Files'], items: files.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })) },
});

type Harness = Partial<FileFieldProps> & { initial?: File[] };

/** A FileField that keeps its own value, as a form would. */
function Controlled({ initial = [], onChange, ...props }: Harness) {
  const [files, setFiles] = useState<File[]>(initial);
  return (
    <FileField
      id="docs"
      label="Documents"
      {...props}
      value={files}
      onChange={(next) => {
        setFiles(next);
        onChange?.(next);
      }}
    />
  );
}

const zone = () => screen.getByRole('button', { name: /^Documents (Drag & drop files here|Drop the files here)/ });

describe('FileField', () => {
  it('is a labelled, focusable drop zone showing the idle text', () => {
    render(<Controlled hint="PDF or photos" />);
    const root = zone();
    expect(root.getAttribute('tabindex')).toBe('0');
    expect(root.id).toBe('docs');
    expect(root.textContent).toBe(FILE_FIELD_MESSAGES.idle);
    expect(root.getAttribute('aria-describedby')).toBe('docs-hint');
    expect(root.getAttribute('aria-labelledby')).toBe('docs-label docs-text');
    expect(root.className).toContain('ui-file-zone-idle');
    // The hidden input filters the dialog, is named by the label and is not inside the zone.
    const input = screen.getByLabelText('Documents', { selector: 'input' }) as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/*,video/*,application/pdf');
    expect(input.multiple).toBe(true);
    expect(root.contains(input)).toBe(false);
    expect(input.getAttribute('style')).toBeNull();
  });

  it('renders on the server without inline styles', () => {
    const html = renderToString(<FileField id="docs" label="Documents" value={[png()]} onChange={() => undefined} />);
    expect(html).toContain('Drag &amp; drop files here, or click to select files');
    expect(html).toContain('role="button"');
    expect(html).toContain('Remove photo.png');
    expect(html).not.toMatch(/style=/);
  });

  it('adds a dropped file that is accepted and lists it with its size and a remove button', async () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const photo = png('dent.png', 2048);
    fireEvent.drop(zone(), transfer([photo]));
    const list = await screen.findByRole('list', { name: 'Documents chosen' });
    expect(onChange).toHaveBeenCalledWith([photo]);
    expect(within(list).getByText('dent.png')).toBeTruthy();
    expect(within(list).getByText('2 KB')).toBeTruthy();

    const second = pdf();
    fireEvent.drop(zone(), transfer([second]));
    await screen.findByText('claim.pdf');
    expect(onChange).toHaveBeenLastCalledWith([photo, second]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove dent.png' }));
    expect(onChange).toHaveBeenLastCalledWith([second]);
    expect(document.activeElement).toBe(zone());
  });

  it('replaces the file when multiple is off', async () => {
    const onChange = vi.fn();
    render(<Controlled multiple={false} initial={[png('old.png')]} onChange={onChange} />);
    const fresh = png('new.png');
    fireEvent.drop(zone(), transfer([fresh]));
    await screen.findByText('new.png');
    expect(onChange).toHaveBeenCalledWith([fresh]);
    expect(screen.queryByText('old.png')).toBeNull();
  });

  it('shows why a dropped file of the wrong type was refused, with the code, as an alert', async () => {
    const onChange = vi.fn();
    const onReject = vi.fn();
    render(<Controlled onChange={onChange} onReject={onReject} />);
    fireEvent.drop(zone(), transfer([txt()]));
    const message = await screen.findByText(/File type must be one of image\/\*, video\/\*, application\/pdf/);
    expect(message.textContent).toContain('(file-invalid-type)');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('notes.txt');
    expect(zone().getAttribute('aria-describedby')).toContain('docs-rejections');
    expect(onChange).not.toHaveBeenCalled();
    expect(summary(onReject.mock.calls[0]?.[0])).toEqual(summary(checkFiles([txt()]).rejections));
  });

  it('shows the form error and points the zone at it', () => {
    render(<Controlled error="Add at least one document" />);
    expect(screen.getByText('Add at least one document').id).toBe('docs-error');
    expect(zone().getAttribute('aria-describedby')).toBe('docs-error');
  });

  it('says "Drop the files here..." during a drag and tells accept from reject', async () => {
    render(<Controlled accept={{ 'image/*': [] }} />);
    fireEvent.dragEnter(zone(), transfer([png()]));
    expect(await screen.findByText(FILE_FIELD_MESSAGES.dragging)).toBeTruthy();
    expect(zone().className).toContain('ui-file-zone-drag-accept');
    fireEvent.dragLeave(zone(), transfer([png()]));
    await screen.findByText(FILE_FIELD_MESSAGES.idle);

    fireEvent.dragEnter(zone(), transfer([pdf()]));
    await screen.findByText(FILE_FIELD_MESSAGES.dragging);
    expect(zone().className).toContain('ui-file-zone-drag-reject');
  });

  it('shows a drag as refused once the field holds maxFiles files', async () => {
    render(<Controlled maxFiles={1} initial={[png()]} />);
    fireEvent.dragEnter(zone(), transfer([png('more.png')]));
    await screen.findByText(FILE_FIELD_MESSAGES.dragging);
    expect(zone().className).toContain('ui-file-zone-drag-reject');
  });

  it('opens the file dialog on Enter and Space, and calls it cancelled 300 ms after the window regains focus', () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    render(<Controlled />);
    const root = zone();
    fireEvent.focus(root);
    expect(root.className).toContain('ui-file-zone-focused');
    fireEvent.keyDown(root, { key: 'Enter' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(root.className).toContain('ui-file-zone-dialog-open');

    vi.useFakeTimers();
    fireEvent.focus(window);
    act(() => vi.advanceTimersByTime(FILE_DIALOG_CANCEL_DELAY_MS - 1));
    expect(root.className).toContain('ui-file-zone-dialog-open');
    act(() => vi.advanceTimersByTime(1));
    expect(root.className).not.toContain('ui-file-zone-dialog-open');

    fireEvent.keyDown(root, { key: ' ' });
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('does nothing when disabled', () => {
    render(<Controlled disabled initial={[png()]} />);
    expect(zone().getAttribute('aria-disabled')).toBe('true');
    expect(zone().hasAttribute('tabindex')).toBe(false);
    expect((screen.getByRole('button', { name: 'Remove photo.png' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('FileField and checkFiles agree (react-dropzone and the rules never disagree)', () => {
  const secret: FileFieldError = { code: 'name-secret', message: 'Name must not say secret' };
  const ownTooLarge: FileFieldError = { code: 'file-too-large', message: 'Videos must be under 50 bytes' };
  const cases: { name: string; rules: FileFieldRules; files: () => File[]; initial?: () => File[] }[] = [
    { name: 'default types', rules: {}, files: () => [png(), txt(), file('clip.mov', 'video/quicktime'), file('sheet.csv', 'text/csv')] },
    { name: 'one type', rules: { accept: { 'image/*': [] } }, files: () => [pdf(), png()] },
    { name: 'extensions', rules: { accept: { 'application/pdf': ['.pdf'], 'image/*': ['.png'] } }, files: () => [pdf(), png(), file('a.jpg', 'image/jpeg')] },
    {
      name: 'sizes and boundaries',
      rules: { minSize: 10, maxSize: 100 },
      files: () => [png('9.png', 9), png('10.png', 10), png('100.png', 100), png('101.png', 101), txt('t.txt', 500)],
    },
    { name: 'multiple off', rules: { multiple: false }, files: () => [txt(), png('a.png'), png('b.png')] },
    { name: 'maxFiles', rules: { maxFiles: 2 }, files: () => [png('1.png'), txt(), png('2.png'), png('3.png')] },
    { name: 'maxFiles with files held', rules: { maxFiles: 3 }, initial: () => [png('h1.png'), png('h2.png')], files: () => [png('1.png'), png('2.png')] },
    { name: 'field full', rules: { maxFiles: 2 }, initial: () => [png('h1.png'), png('h2.png')], files: () => [txt(), png('1.png')] },
    { name: 'maxFiles 0', rules: { maxFiles: 0 }, files: () => Array.from({ length: 12 }, (_, i) => png(`${i}.png`)) },
    {
      name: 'custom validator, single and list, own use of a built-in code kept',
      rules: {
        maxSize: 1000,
        validator: (f: File) =>
          f.name.startsWith('secret') ? secret : f.name.startsWith('both') ? [secret, ownTooLarge] : f.type.startsWith('video/') ? ownTooLarge : null,
      },
      files: () => [png('secret.png'), png('both.png'), file('v.mp4', 'video/mp4', 2000), txt('secret.txt'), png('fine.png')],
    },
  ];

  it.each(cases)('$name', async ({ rules, files, initial }) => {
    const onChange = vi.fn();
    const onReject = vi.fn();
    const held = initial?.() ?? [];
    const dropped = files();
    render(<Controlled {...rules} initial={held} onChange={onChange} onReject={onReject} />);
    fireEvent.drop(zone(), transfer(dropped));
    await waitFor(() => expect(onChange.mock.calls.length + onReject.mock.calls.length).toBeGreaterThan(0));

    const multiple = rules.multiple ?? true;
    const expected = checkFiles(dropped, { ...rules, currentCount: held.length });
    const added = onChange.mock.calls[0]?.[0] ?? held;
    expect(added).toEqual(multiple ? [...held, ...expected.accepted] : expected.accepted.length > 0 ? expected.accepted : held);
    expect(summary(onReject.mock.calls[0]?.[0] ?? [])).toEqual(summary(expected.rejections));
    // What the field shows is the same list.
    const shown = screen.queryAllByRole('listitem').filter((li) => li.classList.contains('ui-file-error'));
    expect(shown.map((li) => [li.dataset.code, li.textContent])).toEqual(
      expected.rejections.flatMap(({ errors }) => errors.map(({ code, message }) => [code, `${message} (${code})`])),
    );
  });
});
