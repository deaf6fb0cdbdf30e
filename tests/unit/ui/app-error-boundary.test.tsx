// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary, withAppErrorBoundary } from '#src/ui/AppErrorBoundary.tsx';
import { CHUNK_RELOAD_KEY } from '#src/lib/chunk-load.ts';

function Broken({ error }: { error: Error }): never {
  throw error;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the error boundary', () => {
  it('shows Unexpected Application Error! with a reload button instead of a blank screen', () => {
    render(
      <AppErrorBoundary heading="h1">
        <Broken error={new TypeError('x is undefined')} />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('TypeError');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    // A render error is not a stale build: no reload.
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull();
  });

  it('wraps an island, names a chunk failure ChunkLoadError and reloads once for it', () => {
    const Island = withAppErrorBoundary(Broken);
    render(<Island error={new TypeError('Failed to fetch dynamically imported module: /_astro/gone.js')} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('ChunkLoadError');
    // jsdom cannot reload; the reload was asked for once, and recorded so it is not repeated.
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
  });
});
