import { useId, type CSSProperties } from 'react';
import './ui.css';

/** Specification sizes of the switch, in CSS pixels. */
export const SWITCH_DEFAULT_HEIGHT = 28;
export const SWITCH_DEFAULT_WIDTH = 56;

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
 * with `role="switch"` and `aria-checked`. The size goes to the stylesheet through CSS custom
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
        onClick={() => onChange(!checked)}
      >
        <span className="ui-switch-thumb" aria-hidden="true" />
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
