import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { CallbackForm } from './CallbackForm.tsx';
import { $modal, closeModal, openModal } from './modal-store.ts';
import { modalNameFromUrl, urlWithModal, urlWithoutModal } from './modal-url.ts';
import { track } from '../consent/consent.ts';
import type { HumanCheckChoice } from '#src/schemas/human-check-choice.ts';
import '#src/ui/ui.css';
import './callback.css';
import { withAppErrorBoundary } from '#src/ui/AppErrorBoundary.tsx';

/** The only modal the spec knows. */
const NAME = 'callback';

/**
 * The 'Request a Callback' modal. A native <dialog> opened with showModal(): the rest of the
 * page is inert (focus stays inside), Escape closes it, and focus goes back to the control
 * that opened it. While it is open the page behind does not scroll.
 */
function CallbackModal({ humanCheck }: { humanCheck?: HumanCheckChoice }) {
  const { isOpen, name } = useStore($modal);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);

  // The address decides: on load, on Back/Forward, and when a trigger is pressed.
  useEffect(() => {
    const sync = () => (modalNameFromUrl(window.location.href) === NAME ? openModal(NAME) : closeModal());
    sync();
    const onClick = (event: MouseEvent) => {
      const trigger = event.target instanceof Element ? event.target.closest('[data-callback-open]') : null;
      if (!trigger || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      opener.current = trigger;
      history.pushState(history.state, '', urlWithModal(window.location.href, NAME));
      openModal(NAME);
    };
    window.addEventListener('popstate', sync);
    document.addEventListener('click', onClick);
    window.dispatchEvent(new Event('callback:ready'));
    return () => {
      window.removeEventListener('popstate', sync);
      document.removeEventListener('click', onClick);
    };
  }, []);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (isOpen && name === NAME && !element.open) {
      opener.current ??= document.activeElement;
      element.showModal();
      // Start in the first field rather than on the Close button.
      element.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea')?.focus();
      document.documentElement.classList.add('modal-open');
      track('callback_opened');
    } else if (!isOpen && element.open) {
      element.close();
    }
  }, [isOpen, name]);

  /**
   * Tidies up after the dialog closes: scrolling back, the address without the modal, focus
   * back on the opener. Runs once per opening, whether the dialog was closed by Escape (the
   * 'close' event, which comes a moment later) or by the form after a send (at once, so the
   * thank-you alert that follows keeps the focus it takes).
   */
  const finishClosing = () => {
    if (!document.documentElement.classList.contains('modal-open')) return;
    document.documentElement.classList.remove('modal-open');
    if (modalNameFromUrl(window.location.href)) history.replaceState(history.state, '', urlWithoutModal(window.location.href));
    closeModal();
    if (opener.current instanceof HTMLElement) opener.current.focus();
    opener.current = null;
  };
  const closeNow = () => {
    dialog.current?.close();
    finishClosing();
  };

  return (
    <dialog ref={dialog} className="callback-dialog" aria-labelledby="callback-title" onClose={finishClosing}>
      <div className="callback-head">
        <h2 id="callback-title">Request a Callback</h2>
        <button type="button" className="callback-close" onClick={closeNow} aria-label="Close">
          ×
        </button>
      </div>
      <p className="callback-lead">Leave your details and a broker will call you back during office hours.</p>
      {isOpen && <CallbackForm idPrefix="callback-modal" humanCheck={humanCheck} onSent={closeNow} />}
    </dialog>
  );
}

/** The island inside the error boundary: a render error shows a reload screen, not a blank space. */
export default withAppErrorBoundary(CallbackModal);
