import type { ReactNode } from 'react';
import './ui.css';

export type SpinnerVariant = 'default' | 'gear' | 'custom';

export interface SpinnerProps {
  /** 'default' is a ring, 'gear' a cog, 'custom' spins whatever `children` is. */
  variant?: SpinnerVariant;
  /** What a screen reader announces; never shown. */
  label?: string;
  /** The spinning content when `variant` is 'custom'; ignored otherwise. */
  children?: ReactNode;
  className?: string;
}

/**
 * A loading indicator. The moving part is decoration (`aria-hidden`); what assistive
 * technology gets is the `role="status"` live region with a visually hidden label. The
 * animation lives in ui.css, which swaps the rotation for a gentle fade when the user asks
 * for reduced motion (a spinner that stops dead looks like a hung page).
 */
export function Spinner({ variant = 'default', label = 'Loading', children, className }: SpinnerProps) {
  return (
    <span role="status" className={className ? `ui-spinner ${className}` : 'ui-spinner'}>
      <span className={`ui-spinner-visual ui-spinner-${variant}`} aria-hidden="true">
        {variant === 'gear' ? <GearIcon /> : variant === 'custom' ? children : null}
      </span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A cog drawn with two circles: the dashed outer stroke makes the teeth. */
function GearIcon() {
  // Teeth ring at r=9.5: circumference 2π·9.5 ≈ 59.69; 8 teeth and 8 gaps → 3.731 each.
  return (
    <svg className="ui-spinner-gear-icon" viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9.5" fill="none" stroke="currentColor" strokeWidth="3" strokeDasharray="3.731 3.731" />
      <circle cx="12" cy="12" r="6" fill="none" stroke="currentColor" strokeWidth="4" />
    </svg>
  );
}
