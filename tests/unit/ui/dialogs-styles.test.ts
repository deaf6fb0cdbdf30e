// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';

import '#tests/support/match-media.ts';
const { DIALOG_STYLES_WAIT_MAX_MS, showError } = await import('#src/ui/dialogs.ts');

describe('a dialog whose stylesheets stall', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    Swal.close();
    vi.useRealTimers();
  });

  it('still opens, unstyled, once the wait for them has run out', async () => {
    void showError('The server said no.');
    // jsdom loads no stylesheet: neither load nor error ever comes, as with a stalled request.
    await vi.advanceTimersByTimeAsync(DIALOG_STYLES_WAIT_MAX_MS - 1);
    expect(Swal.getTitle()?.textContent ?? null).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(Swal.getTitle()?.textContent).toBe('Error');
  });
});
