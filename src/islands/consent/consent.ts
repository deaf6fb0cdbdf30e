/**
 * Analytics consent, in the browser. The visitor's choice is kept in a first-party cookie for
 * a year; until it is 'granted' nothing is pushed to window.dataLayer and no third-party
 * script loads.
 */
export type Consent = 'granted' | 'denied';

export const CONSENT_COOKIE = 'analytics_consent';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

export function readConsent(): Consent | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${CONSENT_COOKIE}=(granted|denied)`));
  return (match?.[1] as Consent | undefined) ?? null;
}

export function saveConsent(value: Consent): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent('consent:change', { detail: value }));
}

/** Pushes an analytics event, only with the visitor's consent. */
export function track(event: string, data: Record<string, unknown> = {}): void {
  if (readConsent() !== 'granted') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...data });
}

/** Loads Google Tag Manager once (after consent). */
export function loadTagManager(containerId: string): void {
  if (document.querySelector('script[data-gtm]')) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.async = true;
  script.dataset.gtm = containerId;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
  document.head.append(script);
}
