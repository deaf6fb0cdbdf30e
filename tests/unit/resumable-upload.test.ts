import { describe, expect, it } from 'vitest';
import { CHUNK_FAILED, chunkingFileReader, uploadFailureMessage } from '#src/api/resumable-upload.ts';

/** A file picked, then deleted or moved before it was read: every read fails, as the browser's does. */
class VanishedFile extends Blob {
  override slice(): Blob {
    const part = new Blob(['x']);
    part.arrayBuffer = () => Promise.reject(new DOMException('The requested file could not be read', 'NotReadableError'));
    return part;
  }
}

describe('cutting an upload into chunks', () => {
  it('hands tus each chunk of a readable file, saying when it is the last', async () => {
    const source = await chunkingFileReader.openFile(new Blob(['0123456789']));
    expect(source.size).toBe(10);
    const first = await source.slice(0, 6);
    expect([await first.value.text(), first.done]).toEqual(['012345', false]);
    const last = await source.slice(6, 10);
    expect([await last.value.text(), last.done]).toEqual(['6789', true]);
  });

  it("fails with 'Failed to Chunk File.' when the file can no longer be read, and that is what the person is told", async () => {
    const source = await chunkingFileReader.openFile(new VanishedFile(['0123456789']));
    const failure = await source.slice(0, 6).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(CHUNK_FAILED);
    expect(CHUNK_FAILED).toBe('Failed to Chunk File.');
    expect(uploadFailureMessage(failure as Error, null)).toBe('Failed to Chunk File.');
  });

  it("otherwise passes on the server's message, or a general one", () => {
    expect(uploadFailureMessage(new Error('tus: unexpected response'), JSON.stringify({ ok: false, message: 'The file is too large.' }))).toBe(
      'The file is too large.',
    );
    expect(uploadFailureMessage(new Error('tus: failed to upload chunk'), '<html>Bad gateway</html>')).toBe(
      'The upload failed. Check your connection and try again.',
    );
  });
});
