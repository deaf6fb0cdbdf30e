import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, RELOAD_GUARD_MS, SCRIPT_CHUNK_TIMEOUT_MS, chunkFailureName, loadChunk, reloadOnce } from '#src/lib/chunk-load.ts';

afterEach(() => {
  vi.useRealTimers();
});

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe('chunk failures', () => {
  it('names a script chunk failure ChunkLoadError and a style chunk failure CSS_CHUNK_LOAD_FAILED', () => {
    expect(chunkFailureName(new TypeError('Failed to fetch dynamically imported module: http://x/_astro/a.js'))).toBe('ChunkLoadError');
    expect(chunkFailureName(new Error('Unable to preload CSS for /_astro/a.css'))).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(chunkFailureName(new Error('Cannot read properties of undefined'))).toBeNull();
    expect(chunkFailureName('not an error')).toBeNull();
  });

  it('reports a failed import as a named chunk failure', async () => {
    const failed = loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /_astro/gone.js')));
    await expect(failed).rejects.toMatchObject({ name: 'ChunkLoadError' });
    await expect(loadChunk(() => Promise.resolve(42))).resolves.toBe(42);
  });

  it('gives a script chunk up after 120 seconds', async () => {
    vi.useFakeTimers();
    expect(SCRIPT_CHUNK_TIMEOUT_MS).toBe(120_000);
    const pending = loadChunk(() => new Promise(() => {}));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SCRIPT_CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ name: 'ChunkLoadError', message: 'Loading chunk timed out after 120 s.' });
  });

  it('reloads once for a new build, not again soon after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 1_000_000)).toBe(true);
    expect(storage.items.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(reloadOnce(storage, reload, 1_000_000 + 10_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce(storage, reload, 1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
