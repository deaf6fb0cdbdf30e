import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import './ui.css';

export interface OptionsMenuItem {
  label: string;
  onSelect: () => void;
  /** A destructive action (Delete), drawn in the danger colour. */
  tone?: 'danger';
  /** A choice that is on or off (a column shown): a menuitemcheckbox, and the menu stays open while it is toggled. */
  checked?: boolean;
  /** Shown but not available now: it stays reachable by the keys (as the menu pattern asks), greyed, and does nothing. */
  disabled?: boolean;
}

/** The gap between the button and its menu, and the least room kept from the window's edges. */
const GAP = 4;
const MARGIN = 8;

/**
 * Where the menu goes: below the button, or above it when there is more room there (the
 * last row of a list); its right edge at the button's, moved in to stay inside the window.
 * Fixed to the window, so no scrolling box around the button (a table's) can cut it off.
 */
export function menuPlacement(
  button: DOMRect,
  menu: { width: number; height: number },
  view: { width: number; height: number },
): { top: number; left: number } {
  const below = view.height - button.bottom - GAP - MARGIN;
  const above = button.top - GAP - MARGIN;
  const top = menu.height <= below || below >= above ? button.bottom + GAP : button.top - GAP - menu.height;
  const left = Math.min(Math.max(MARGIN, button.right - menu.width), view.width - MARGIN - menu.width);
  return { top: Math.max(MARGIN, top), left: Math.max(MARGIN, left) };
}

/** An item's role: an action, or a choice with its state. */
const roleOf = (item: OptionsMenuItem) => (item.checked === undefined ? { role: 'menuitem' } : { role: 'menuitemcheckbox', 'aria-checked': item.checked });

export interface OptionsMenuProps {
  /** The button's accessible name, e.g. "Options for Aoife Byrne": every row has its own. */
  label: string;
  items: OptionsMenuItem[];
  className?: string;
  /** The button's own words (an icon and 'Columns'), which name it; three dots named by `label` otherwise. */
  button?: ReactNode;
  /** The button's class, for a button with words ('bo-button'). */
  buttonClassName?: string;
}

/**
 * A row's "options" menu, following the WAI-ARIA menu button pattern
 * (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/):
 * - on the button, Enter, Space, a click or ArrowDown open the menu on the first item,
 *   ArrowUp opens it on the last;
 * - in the menu, ArrowUp/ArrowDown move (wrapping), Home/End jump, a letter jumps to the
 *   next item starting with it, Enter/Space choose, Escape closes and returns to the button,
 *   Tab closes and lets focus move on;
 * - a click anywhere outside closes it.
 * Items are real buttons with `tabIndex={-1}`: focus is moved between them by the keys above
 * rather than by Tab, as menus do.
 */
export function OptionsMenu({ label, items, className, button, buttonClassName }: OptionsMenuProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const menuRef = useRef<HTMLUListElement>(null);
  const [placement, setPlacement] = useState<CSSProperties>({});
  const count = items.length;

  // Placed before it is painted, and again as the page scrolls or the window changes size.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const button = buttonRef.current?.getBoundingClientRect();
      const menu = menuRef.current;
      if (!button || !menu) return;
      const spot = menuPlacement(button, { width: menu.offsetWidth, height: menu.offsetHeight }, { width: window.innerWidth, height: window.innerHeight });
      setPlacement({ position: 'fixed', insetInlineEnd: 'auto', insetBlockStart: 'auto', top: spot.top, left: spot.left });
    };
    place();
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open]);

  // Focus follows the active item while the menu is open (it is only focusable once shown).
  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  // Click outside closes. Focus is left alone: the user has put it somewhere else.
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function openAt(index: number) {
    if (count === 0) return;
    setActive(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    // Enter and Space arrive as a click; only the arrows need handling here.
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(count - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowDown':
        next = (active + 1) % count;
        break;
      case 'ArrowUp':
        next = (active - 1 + count) % count;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = count - 1;
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        // Not prevented: focus moves on to the next element in the page, and the menu closes.
        setOpen(false);
        return;
      default:
        if (event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey) {
          next = findByFirstLetter(items, active, event.key);
        }
    }
    if (next !== null) {
      event.preventDefault();
      setActive(next);
    }
  }

  function choose(item: OptionsMenuItem) {
    if (item.disabled) return;
    // A checkbox is toggled in place: several are often changed at once.
    if (item.checked !== undefined) {
      item.onSelect();
      return;
    }
    // Back to the button first, so an action that moves focus itself (a dialog) wins.
    close(true);
    item.onSelect();
  }

  return (
    <div ref={rootRef} className={className ? `ui-menu-root ${className}` : 'ui-menu-root'}>
      <button
        ref={buttonRef}
        type="button"
        id={buttonId}
        className={buttonClassName ?? 'ui-menu-button'}
        aria-label={button ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={count === 0}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {button ?? (
          // Three dots: the usual "more options" sign. The name is in aria-label.
          <span className="ui-menu-dots" aria-hidden="true">
            ⋮
          </span>
        )}
      </button>
      <ul ref={menuRef} id={menuId} role="menu" aria-labelledby={buttonId} className="ui-menu" style={placement} hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item, index) => (
          <li key={`${index}-${item.label}`} role="none">
            <button
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              {...roleOf(item)}
              tabIndex={-1}
              className="ui-menu-item"
              aria-disabled={item.disabled || undefined}
              data-tone={item.tone}
              onFocus={() => setActive(index)}
              onClick={() => choose(item)}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The next item after `from` (wrapping) whose label starts with `letter`, or null. */
function findByFirstLetter(items: OptionsMenuItem[], from: number, letter: string): number | null {
  const wanted = letter.toLocaleLowerCase();
  for (let step = 1; step <= items.length; step += 1) {
    const index = (from + step) % items.length;
    if (items[index]?.label.trim().toLocaleLowerCase().startsWith(wanted)) return index;
  }
  return null;
}
