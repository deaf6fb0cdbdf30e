import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { X } from 'lucide-static';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { usePhone } from '#src/admin/list/use-phone.ts';
import { moveFocusRound, tabbablesIn } from '#src/admin/kit/focus-ring.ts';

type Props = {
  /** The drawer's id, which its opener's aria-controls names. */
  id: string;
  open: boolean;
  /** Closes the drawer; focus then goes back to `opener`. */
  onClose(): void;
  /** The button that opened it (the header's Post settings). */
  opener: RefObject<HTMLButtonElement | null>;
  title: string;
  children: ReactNode;
};

/**
 * A post's settings as Ghost shows them: a panel that slides in from the right over the edge of
 * the writing. On a wide screen it is non-modal (the writing stays in reach beside it, as in
 * Ghost); on a phone it fills the screen, so it is modal there and Tab stays inside it. Focus
 * moves in on opening (to a refused field, when a refusal opened it), Escape or the close button shut it, and focus returns to its opener.
 * A closed drawer stays in the page, hidden, so an upload under way and the fields' state are
 * kept.
 */
export function SettingsDrawer({ id, open, onClose, opener, title, children }: Props) {
  const titleId = useId();
  const phone = usePhone();
  const panel = useRef<HTMLDivElement>(null);
  // Closed until now, even when it opens with the form (after a restore): focus then moves in, the button pressed being gone.
  const wasOpen = useRef(false);

  useEffect(() => {
    // Opened by a refused setting: straight to the field to mend; else to the close button.
    if (open && !wasOpen.current) {
      const drawer = panel.current;
      (drawer?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? drawer?.querySelector<HTMLElement>('.bo-drawer-close'))?.focus();
    }
    // Back to the opener only when focus was in the drawer: a click in the writing keeps its place.
    if (!open && wasOpen.current && (!document.activeElement || document.activeElement === document.body || panel.current?.contains(document.activeElement)))
      opener.current?.focus();
    wasOpen.current = open;
  }, [open, opener]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // A dialog opened from inside (the media library, a confirmation) handles its own keys.
    const inner = event.target instanceof Element ? event.target.closest('dialog, [role="dialog"]') : null;
    if (inner !== panel.current) return;
    if (event.key === 'Escape' && !event.defaultPrevented) {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key === 'Tab' && phone && panel.current) moveFocusRound(event, tabbablesIn(panel.current));
  };

  return (
    // A <div>: an <aside> may not take the dialog role.
    <div
      ref={panel}
      id={id}
      className="bo-drawer"
      role="dialog"
      aria-modal={phone ? true : undefined}
      aria-labelledby={titleId}
      hidden={!open}
      onKeyDown={onKeyDown}
    >
      <div className="bo-drawer-header">
        <h2 id={titleId} className="bo-drawer-title">
          {title}
        </h2>
        <button type="button" className="bo-button bo-button-quiet bo-button-icon bo-drawer-close" onClick={onClose}>
          <Icon svg={X} size={20} />
          <span className="visually-hidden">Close {title.toLowerCase()}</span>
        </button>
      </div>
      <div className="bo-drawer-body bo-scroll-shadows">{children}</div>
    </div>
  );
}
