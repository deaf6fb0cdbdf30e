import type { ComponentProps, MouseEvent } from 'react';

export type LinkToProps = Omit<ComponentProps<'a'>, 'href'> & {
  /** Where to go; defaults to the home page. */
  to?: string;
  /** Client-side navigation (the admin router passes one); without it the browser navigates. */
  onNavigate?: (path: string) => void;
};

/**
 * The link helper. It always renders a real `<a href>`, so the link works without JavaScript,
 * can be opened in a new tab and is announced as a link. Only a plain left click on an
 * in-site path is taken over, and only when there is a router (`onNavigate`) to take it.
 */
export function LinkTo({ to = '/', onNavigate, onClick, children, ...anchorProps }: LinkToProps) {
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || !onNavigate) return;
    if (!isPlainLeftClick(event)) return; // Ctrl/Cmd/Shift/Alt-click: new tab, window, download.
    if (anchorProps.target && anchorProps.target !== '_self') return;
    if (anchorProps.download !== undefined) return;
    if (!isInSitePath(to)) return; // Other origins, mailto:, tel: are the browser's business.
    event.preventDefault();
    onNavigate(to);
    // A client-side navigation keeps the old scroll position; a new screen should start at the top.
    // (When the browser navigates, the new page loads at the top by itself.)
    window.scrollTo({ top: 0, left: 0 });
  }

  return (
    <a {...anchorProps} href={to} onClick={handleClick}>
      {children}
    </a>
  );
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** A path on this site: starts with one slash ("//host" is another origin). */
function isInSitePath(to: string): boolean {
  return to.startsWith('/') && !to.startsWith('//');
}
