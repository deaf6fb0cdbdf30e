// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';

import '#tests/support/match-media.ts';
const { accessDenied, DIALOG_ANIMATION_DELAY_MS, showError, showSuccess } = await import('#src/ui/dialogs.ts');

const title = () => Swal.getTitle()?.textContent ?? null;
const text = () => Swal.getHtmlContainer()?.textContent ?? null;

describe('dialogs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    Swal.close();
    vi.useRealTimers();
  });

  it('links its stylesheets with the first dialog, which waits for them', async () => {
    expect(document.querySelectorAll('link[rel="stylesheet"]')).toHaveLength(0);
    void showError('Styled first.');
    await vi.advanceTimersByTimeAsync(DIALOG_ANIMATION_DELAY_MS);
    expect(title()).toBeNull();
    const links = document.querySelectorAll('link[rel="stylesheet"]');
    expect(links).toHaveLength(2);
    for (const link of links) link.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(title()).toBe('Error');
    expect(text()).toBe('Styled first.');
  });

  it('opens 10 ms after it is asked for, not before', async () => {
    expect(DIALOG_ANIMATION_DELAY_MS).toBe(10);
    void showError('The server said no.');
    await vi.advanceTimersByTimeAsync(DIALOG_ANIMATION_DELAY_MS - 1);
    expect(title()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(title()).toBe('Error');
    expect(text()).toBe('The server said no.');
  });

  it.each([
    [() => showError('x'), 'Error'],
    [() => showError('x', 'Error!'), 'Error!'],
    [() => showSuccess('x'), 'Success!'],
    [() => showSuccess('x', 'Success'), 'Success'],
  ])('titles failures and successes as the spec lists them (%#)', async (open, expected) => {
    void open();
    await vi.advanceTimersByTimeAsync(DIALOG_ANIMATION_DELAY_MS);
    expect(title()).toBe(expected);
  });

  it('says why access was denied', async () => {
    void accessDenied('Unauthorized: User is not logged in.');
    await vi.advanceTimersByTimeAsync(DIALOG_ANIMATION_DELAY_MS);
    expect(title()).toBe('Access Denied');
    expect(text()).toBe('Unauthorized: User is not logged in.');
  });
});
