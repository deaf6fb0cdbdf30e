/** What Tab can reach inside a box: its enabled controls and links that are on screen. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches inside `box`, in order, leaving out those hidden now. */
export function tabbablesIn(box: ParentNode): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.offsetParent !== null);
}

/**
 * Tab and Shift+Tab go round `ring` and nowhere else: a menu or a panel over the page keeps focus
 * until it is closed. Call it from a Tab key's handler.
 */
export function moveFocusRound(event: Pick<KeyboardEvent, 'shiftKey' | 'preventDefault'>, ring: readonly HTMLElement[]): void {
  if (ring.length === 0) return;
  const at = ring.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? 0 : (at + (event.shiftKey ? ring.length - 1 : 1)) % ring.length;
  event.preventDefault();
  ring[next]?.focus();
}
