import { useSyncExternalStore } from 'react';

/** A phone's width, as kit.css's breakpoint has it (`--bo-control` is 44 px and the filters fold below it). */
export const PHONE_QUERY = '(max-width: 767.98px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/**
 * Whether the window is a phone's: for a control that sits in another place there (a list's
 * order and downloads go into its Filters panel), so that it is drawn once, not twice with one
 * hidden by a stylesheet.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
