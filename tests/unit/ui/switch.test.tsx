// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Switch, SWITCH_DRAG_DEBOUNCE_MS, SWITCH_DRAG_THRESHOLD_MS } from '#src/ui/Switch.tsx';

function Harness({ initial = false, onChange = () => {} }: { initial?: boolean; onChange?: (on: boolean) => void }) {
  const [on, setOn] = useState(initial);
  return (
    <Switch
      checked={on}
      onChange={(next) => {
        onChange(next);
        setOn(next);
      }}
      label="Reminders"
    />
  );
}

const thumb = () => document.querySelector<HTMLElement>('.ui-switch-thumb')!;
const press = (el: HTMLElement, x: number) => fireEvent.pointerDown(el, { pointerId: 1, button: 0, clientX: x });
const move = (el: HTMLElement, x: number) => fireEvent.pointerMove(el, { pointerId: 1, clientX: x });
const release = (el: HTMLElement, x: number) => {
  fireEvent.pointerUp(el, { pointerId: 1, button: 0, clientX: x });
  // The browser's click after the release, as it sends one for every press on a button.
  fireEvent.click(el);
};

describe('Switch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('keeps the 56 × 28 default without a style attribute in server-rendered HTML (the CSP refuses them)', () => {
    const html = renderToString(<Switch checked={false} onChange={() => {}} label="Reminders" />);
    expect(html).not.toContain('style=');
  });

  it('a quick press is a click: it toggles once', () => {
    const changes: boolean[] = [];
    render(<Harness onChange={(on) => changes.push(on)} />);
    const button = screen.getByRole('switch', { name: 'Reminders' });
    press(button, 10);
    vi.advanceTimersByTime(SWITCH_DRAG_THRESHOLD_MS - 50);
    move(button, 40);
    release(button, 40);
    expect(changes).toEqual([true]);
    expect(button.getAttribute('aria-checked')).toBe('true');
    expect(thumb().classList.contains('dragging')).toBe(false);
  });

  it('a press held past 250 ms drags: the thumb follows the pointer, the release decides, and its click does not toggle back', () => {
    const changes: boolean[] = [];
    render(<Harness onChange={(on) => changes.push(on)} />);
    const button = screen.getByRole('switch', { name: 'Reminders' });
    press(button, 10);
    vi.advanceTimersByTime(SWITCH_DRAG_THRESHOLD_MS + 1);
    move(button, 20);
    expect(thumb().classList.contains('dragging')).toBe(true);
    expect(thumb().style.getPropertyValue('--ui-switch-thumb-x')).toBe('10px');
    move(button, 500); // beyond the end: held at the track's travel (56 - 28)
    expect(thumb().style.getPropertyValue('--ui-switch-thumb-x')).toBe('28px');
    move(button, 30); // back just past the middle (offset 20 of 28)
    expect(thumb().style.getPropertyValue('--ui-switch-thumb-x')).toBe('20px');
    release(button, 30);
    // The final position is debounced: nothing yet, and the release's own click does not toggle.
    expect(changes).toEqual([]);
    expect(thumb().classList.contains('dragging')).toBe(true);
    act(() => vi.advanceTimersByTime(SWITCH_DRAG_DEBOUNCE_MS - 1));
    expect(changes).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(changes).toEqual([true]);
    expect(button.getAttribute('aria-checked')).toBe('true');
    expect(thumb().classList.contains('dragging')).toBe(false);
    expect(thumb().style.getPropertyValue('--ui-switch-thumb-x')).toBe('');

    // Later, however late the release's click came, an ordinary click toggles again.
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(button);
    expect(changes).toEqual([true, false]);
  });

  it('a drag released in the half it started from changes nothing', () => {
    const changes: boolean[] = [];
    render(<Harness initial onChange={(on) => changes.push(on)} />);
    const button = screen.getByRole('switch', { name: 'Reminders' });
    press(button, 100);
    vi.advanceTimersByTime(SWITCH_DRAG_THRESHOLD_MS + 1);
    move(button, 95);
    release(button, 95);
    act(() => vi.advanceTimersByTime(SWITCH_DRAG_DEBOUNCE_MS));
    expect(changes).toEqual([]);
    expect(button.getAttribute('aria-checked')).toBe('true');
  });

  it('still toggles by keyboard, and not at all when disabled', () => {
    const changes: boolean[] = [];
    const { rerender } = render(<Switch checked={false} onChange={(on) => changes.push(on)} label="Reminders" />);
    const button = screen.getByRole('switch', { name: 'Reminders' });
    fireEvent.click(button); // what Space and Enter do on a <button>
    expect(changes).toEqual([true]);
    rerender(<Switch checked={false} onChange={(on) => changes.push(on)} label="Reminders" disabled />);
    press(button, 0);
    vi.advanceTimersByTime(SWITCH_DRAG_THRESHOLD_MS + 1);
    move(button, 50);
    expect(thumb().classList.contains('dragging')).toBe(false);
  });
});
