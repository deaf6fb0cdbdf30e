import { useEffect, useId, useRef, type CSSProperties, type PointerEvent } from 'react';
import './ui.css';

/** Specification sizes of the switch, in CSS pixels. */
export const SWITCH_DEFAULT_HEIGHT = 28;
export const SWITCH_DEFAULT_WIDTH = 56;
/** A press held longer than this becomes a drag of the thumb. */
export const SWITCH_DRAG_THRESHOLD_MS = 250;
/** The position a drag ends at is applied this long after the release. */
export const SWITCH_DRAG_DEBOUNCE_MS = 50;

type Press = { pointerId: number; at: number; startX: number; startOffset: number; offset: number; dragging: boolean; direction: 1 | -1 };

export interface SwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The switch's accessible name; shown next to it unless `hideLabel` is set. */
  label: string;
  /** Keep the label for assistive technology only (it becomes `aria-label`), e.g. in a table row. */
  hideLabel?: boolean;
  /** Height in px; defaults to SWITCH_DEFAULT_HEIGHT. */
  height?: number;
  /** Width in px; defaults to SWITCH_DEFAULT_WIDTH. */
  width?: number;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/**
 * An on/off switch: a real `<button>` (so Space and Enter work and it is focusable for free)
 * with `role="switch"` and `aria-checked`. A press held past 250 ms drags the thumb instead.
 * The size goes to the stylesheet through CSS custom
 * properties, which keeps the geometry (thumb size, travel) in one place in ui.css.
 */
export function Switch({
  checked,
  onChange,
  label,
  hideLabel = false,
  height = SWITCH_DEFAULT_HEIGHT,
  width = SWITCH_DEFAULT_WIDTH,
  disabled,
  id,
  className,
}: SwitchProps) {
  const generatedId = useId();
  const buttonId = id ?? `${generatedId}-switch`;
  const labelId = `${generatedId}-label`;
  // The default size lives in ui.css; only another size needs a style attribute, which the CSP
  // refuses in server-rendered HTML (React sets it through the CSSOM once hydrated).
  const custom = height !== SWITCH_DEFAULT_HEIGHT || width !== SWITCH_DEFAULT_WIDTH;
  const size = custom ? ({ '--ui-switch-height': `${height}px`, '--ui-switch-width': `${width}px` } as CSSProperties) : undefined;

  // Dragging: the thumb's offset goes to a CSS custom property through the CSSOM (never a
  // style attribute, which the CSP refuses), and the release decides by which half it is in.
  const thumbRef = useRef<HTMLSpanElement>(null);
  const press = useRef<Press | null>(null);
  // The browser's click after a drag's release must not toggle again; it can come late on a
  // busy machine, so it is swallowed by flag (cleared by the next press or key), not by time.
  const swallowClick = useRef(false);
  const settle = useRef<{ timer: ReturnType<typeof setTimeout>; apply: () => void } | null>(null);
  const latest = useRef({ checked, onChange });
  latest.current = { checked, onChange };
  const travel = width - height;
  const clearThumb = () => {
    thumbRef.current?.classList.remove('dragging');
    thumbRef.current?.style.removeProperty('--ui-switch-thumb-x');
  };
  const flushSettle = () => {
    if (!settle.current) return;
    clearTimeout(settle.current.timer);
    settle.current.apply();
  };
  useEffect(() => () => clearTimeout(settle.current?.timer), []);

  const onPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    flushSettle();
    swallowClick.current = false;
    if (disabled || event.button !== 0) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const startOffset = checked ? travel : 0;
    press.current = {
      pointerId: event.pointerId,
      at: Date.now(),
      startX: event.clientX,
      startOffset,
      offset: startOffset,
      dragging: false,
      direction: rtl ? -1 : 1,
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    if (!current.dragging) {
      if (Date.now() - current.at <= SWITCH_DRAG_THRESHOLD_MS) return;
      current.dragging = true;
      thumbRef.current?.classList.add('dragging');
    }
    current.offset = Math.min(travel, Math.max(0, current.startOffset + current.direction * (event.clientX - current.startX)));
    thumbRef.current?.style.setProperty('--ui-switch-thumb-x', `${current.direction * current.offset}px`);
  };
  const onPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    const current = press.current;
    if (!current || current.pointerId !== event.pointerId) return;
    press.current = null;
    if (!current.dragging) return; // a plain press: the click that follows toggles
    swallowClick.current = true;
    // The thumb stays where it was dropped until the debounced position is applied.
    const next = current.offset > travel / 2;
    const apply = () => {
      settle.current = null;
      clearThumb();
      if (next !== latest.current.checked) latest.current.onChange(next);
    };
    settle.current = { timer: setTimeout(apply, SWITCH_DRAG_DEBOUNCE_MS), apply };
  };
  const onPointerCancel = () => {
    press.current = null;
    clearThumb();
  };
  const onClick = () => {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    onChange(!checked);
  };

  return (
    <span className={className ? `ui-switch-field ${className}` : 'ui-switch-field'}>
      <button
        type="button"
        role="switch"
        id={buttonId}
        className="ui-switch"
        style={size}
        aria-checked={checked}
        aria-label={hideLabel ? label : undefined}
        aria-labelledby={hideLabel ? undefined : labelId}
        disabled={disabled}
        onClick={onClick}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onKeyDown={() => {
          swallowClick.current = false;
        }}
      >
        <span className="ui-switch-thumb" aria-hidden="true" ref={thumbRef} />
      </button>
      {/* A <label> so clicking the words toggles too; aria-labelledby makes the name explicit. */}
      {hideLabel ? null : (
        <label id={labelId} htmlFor={buttonId} className="ui-switch-label">
          {label}
        </label>
      )}
    </span>
  );
}
