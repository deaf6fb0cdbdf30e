import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { LEAD_FILE_TYPES, uploadMessages } from '#src/schemas/upload.ts';
import { HttpError } from '../http/envelope.ts';

/** What file-type reports for the old binary Excel format (a compound file). */
const COMPOUND_FILE = 'application/x-cfb';

/** Plain UTF-8 text with no control bytes beyond tabs and line ends, in lines of comma- or semicolon-separated cells. */
async function looksLikeCsv(path: string): Promise<boolean> {
  const handle = await open(path);
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(65_536), 0, 65_536, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.some((byte) => byte < 9 || (byte > 13 && byte < 32) || byte === 127)) return false;
    const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
    if (text.includes('\uFFFD')) return false;
    const lines = text.split(/\r?\n/).filter(Boolean);
    return lines.length > 0 && lines.slice(0, 5).every((line) => /[,;\t]/.test(line)) && !/<\s*(html|script|svg)/i.test(text);
  } finally {
    await handle.close();
  }
}

/** The type of a visitor's document by its bytes; throws a 415 for anything else. */
export async function checkDocument(path: string): Promise<string> {
  const sniffed = await fileTypeFromFile(path);
  const mime = sniffed?.mime === COMPOUND_FILE ? 'application/vnd.ms-excel' : sniffed?.mime;
  if (mime && Object.hasOwn(LEAD_FILE_TYPES, mime)) return mime;
  if (!sniffed && (await looksLikeCsv(path))) return 'text/csv';
  throw new HttpError(415, uploadMessages.notDocument, [{ field: 'file', message: uploadMessages.notDocument }]);
}
