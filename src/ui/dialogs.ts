// The plain build: the default one injects a <style> element, which the CSP refuses.
import Swal from 'sweetalert2/dist/sweetalert2.esm.js';
import type { SweetAlertOptions } from 'sweetalert2';
// The stylesheets as addresses, not imports: an imported stylesheet would be linked from every
// page whose island might show a dialog; these are added with the first dialog instead.
import libraryStyles from 'sweetalert2/dist/sweetalert2.min.css?url';
import siteStyles from '../styles/dialogs.css?url';

/** Every back-office dialog, with the product's fixed titles and texts (docs/back-office.md). */
const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const base = { returnFocus: true, animation: !reducedMotion } as const;

/** A dialog opens 10 ms after it is asked for, so the page settles before it animates in. */
export const DIALOG_ANIMATION_DELAY_MS = 10;

type Options = SweetAlertOptions;

/** The longest a first dialog waits for its stylesheets: a stalled request shows it unstyled rather than never. */
export const DIALOG_STYLES_WAIT_MAX_MS = 2000;

let styled: Promise<unknown> | null = null;
/** The library's stylesheet, then the site's theme over it; a dialog waits for them (unstyled if they fail or stall, never lost). */
function loadStyles(): Promise<unknown> {
  styled ??= Promise.race([
    Promise.all(
      [libraryStyles, siteStyles].map(
        (href) =>
          new Promise((resolve) => {
            const link = document.createElement('link');
            link.rel = 'stylesheet';
            link.href = href;
            link.onload = resolve;
            link.onerror = resolve;
            document.head.append(link);
          }),
      ),
    ),
    new Promise((resolve) => setTimeout(resolve, DIALOG_STYLES_WAIT_MAX_MS)),
  ]);
  return styled;
}

async function fire(options: Options) {
  await Promise.all([loadStyles(), new Promise((resolve) => setTimeout(resolve, DIALOG_ANIMATION_DELAY_MS))]);
  return Swal.fire({ ...base, ...options });
}

/** The fixed titles of failures and successes (docs/back-office.md). */
export type ErrorTitle = 'Error' | 'Error!';
export type SuccessTitle = 'Success' | 'Success!';

export function showError(message: string, title: ErrorTitle = 'Error') {
  return fire({ icon: 'error', title, text: message });
}

export function showSuccess(message: string, title: SuccessTitle = 'Success!') {
  return fire({ icon: 'success', title, text: message });
}

/** How long a toast stays on screen; a pointer over it holds it. */
export const TOAST_MS = 5000;

/**
 * A routine success (a record saved, a status changed): a toast in the corner that goes by
 * itself and takes no focus, with the spec's titles ('Success', 'Success!', 'User Updated',
 * 'Deleted!'). Screen readers hear it (role alert, polite). Confirmations and errors stay dialogs.
 */
export function toast(message: string, title: SuccessTitle | 'User Updated' | 'Deleted!' = 'Success!'): void {
  void fire({
    toast: true,
    position: 'bottom-end',
    icon: 'success',
    title,
    text: message,
    showConfirmButton: false,
    timer: TOAST_MS,
    timerProgressBar: true,
    returnFocus: false,
    didOpen: (popup) => {
      popup.addEventListener('mouseenter', () => Swal.stopTimer());
      popup.addEventListener('mouseleave', () => Swal.resumeTimer());
    },
  });
}

/** The spec's warning, and under it in a paragraph of its own what this delete also means. */
function withDetail(text: string, detail: string): HTMLElement {
  const box = document.createElement('div');
  for (const words of [text, detail]) {
    const paragraph = document.createElement('p');
    paragraph.className = 'dialog-paragraph';
    // Text, never markup: a detail may name an upload or a person.
    paragraph.textContent = words;
    box.append(paragraph);
  }
  return box;
}

/**
 * 'Are you sure?' before a delete; resolves true when confirmed. `detail`: a sentence after the
 * spec's words where the delete takes more with it or leaves some behind (what a user's requests
 * become, which uploads are kept).
 */
export async function confirmDelete(detail?: string): Promise<boolean> {
  const warning = "You won't be able to revert this!";
  const result = await fire({
    icon: 'warning',
    title: 'Are you sure?',
    ...(detail ? { html: withDetail(warning, detail) } : { text: warning }),
    showCancelButton: true,
    confirmButtonText: 'Yes, delete it!',
    cancelButtonColor: '#5a6470',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/** A choice to confirm before it is made (undo a change, delete what a section holds); resolves true when confirmed. */
export async function confirmChoice(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const result = await fire({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    confirmButtonText,
    cancelButtonColor: '#5a6470',
    focusCancel: true,
  });
  return result.isConfirmed;
}

/**
 * A second, explicit confirmation after 'Are you sure?' when a delete takes more with it (a
 * content section with the sections and elements inside it); resolves true when confirmed.
 */
export const confirmCascade = (text: string, confirmButtonText: string): Promise<boolean> =>
  confirmChoice('Delete everything inside?', text, confirmButtonText);

/** The protected wrapper's refusal; `reason` says why the login check failed. */
export function accessDenied(reason: string) {
  return fire({ icon: 'error', title: 'Access Denied', text: reason || 'Please sign in to use the back-office.' });
}
