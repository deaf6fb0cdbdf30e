/**
 * Chunk failures: a script chunk that fails to load is a
 * `ChunkLoadError`, a style chunk `CSS_CHUNK_LOAD_FAILED`; a script chunk still loading after
 * 120 s is given up. After a redeploy an old page asks for chunks the new build no longer has
 * (the server answers 404), so the page reloads once to pick up the new build.
 */

/** Script chunk load time-out. */
export const SCRIPT_CHUNK_TIMEOUT_MS = 120_000;

/** A second failure within this time of the reload is not a stale build: show the error instead of reloading again. */
export const RELOAD_GUARD_MS = 5 * 60_000;

export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

export type ChunkFailureName = 'ChunkLoadError' | 'CSS_CHUNK_LOAD_FAILED';

export class ChunkLoadFailure extends Error {
  constructor(name: ChunkFailureName, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = name;
  }
}

// What each browser (and Vite's preload helper) says when a chunk cannot be had.
const SCRIPT_FAILURES = [/failed to fetch dynamically imported module/i, /error loading dynamically imported module/i, /importing a module script failed/i];
const STYLE_FAILURES = [/unable to preload css/i];

/** Which chunk failure an error is, if it is one. */
export function chunkFailureName(error: unknown): ChunkFailureName | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'ChunkLoadError' || error.name === 'CSS_CHUNK_LOAD_FAILED') return error.name;
  if (STYLE_FAILURES.some((pattern) => pattern.test(error.message))) return 'CSS_CHUNK_LOAD_FAILED';
  if (SCRIPT_FAILURES.some((pattern) => pattern.test(error.message))) return 'ChunkLoadError';
  return null;
}

/** The error as a named chunk failure (unchanged when it is not one). */
export function asChunkFailure(error: unknown): unknown {
  const name = chunkFailureName(error);
  if (!name || (error instanceof Error && error.name === name)) return error;
  return new ChunkLoadFailure(name, (error as Error).message, { cause: error });
}

/**
 * Loads a chunk (`() => import('./x')`): a failure comes back as a named chunk failure, and a
 * load still pending after the time-out is given up as a `ChunkLoadError`.
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = SCRIPT_CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadFailure('ChunkLoadError', `Loading chunk timed out after ${timeoutMs / 1000} s.`)), timeoutMs);
    importer().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(asChunkFailure(error));
      },
    );
  });
}

/**
 * Reloads the page once to pick up a new build; says whether it did. A failure again soon after
 * that reload is real, and is left to the error screen rather than reloading for ever.
 */
export function reloadOnce(storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void, now = Date.now()): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}
