/**
 * reCAPTCHA v2 and Turnstile in explicit render mode: the provider's script is loaded when a
 * form first needs it, and the widget reports a token, its expiry and errors.
 */
export type Provider = 'recaptcha' | 'turnstile';

type Callbacks = { onToken: (token: string) => void; onExpired: () => void; onError: () => void };
type WidgetApi = {
  render(element: HTMLElement, options: Record<string, unknown>): string | number;
  reset(id?: string | number): void;
  remove?(id?: string | number): void;
};

declare global {
  interface Window {
    grecaptcha?: WidgetApi;
    turnstile?: WidgetApi;
    [key: `__${string}Ready`]: (() => void) | undefined;
  }
}

const SCRIPTS: Record<Provider, string> = {
  recaptcha: 'https://www.google.com/recaptcha/api.js?render=explicit&onload=__recaptchaReady',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit&onload=__turnstileReady',
};

const loading = new Map<Provider, Promise<WidgetApi>>();

function loadProvider(provider: Provider): Promise<WidgetApi> {
  let promise = loading.get(provider);
  if (!promise) {
    promise = new Promise<WidgetApi>((resolve, reject) => {
      window[`__${provider}Ready`] = () => {
        const api = provider === 'recaptcha' ? window.grecaptcha : window.turnstile;
        if (api) resolve(api);
        else reject(new Error(`${provider} did not load`));
      };
      const script = document.createElement('script');
      script.src = SCRIPTS[provider];
      script.async = true;
      script.onerror = () => reject(new Error(`${provider} could not be loaded`));
      document.head.append(script);
    });
    loading.set(provider, promise);
  }
  return promise;
}

/** Renders the widget into `element`; returns a function that resets it for another send. */
export async function renderProviderWidget(provider: Provider, siteKey: string, element: HTMLElement, callbacks: Callbacks): Promise<() => void> {
  const api = await loadProvider(provider);
  const common = {
    sitekey: siteKey,
    theme: 'light',
    size: 'normal',
    callback: callbacks.onToken,
    'expired-callback': callbacks.onExpired,
    'error-callback': callbacks.onError,
  };
  // The spec's reCAPTCHA defaults: theme light, type image, size normal, badge bottom-right.
  const id = api.render(element, provider === 'recaptcha' ? { ...common, type: 'image', badge: 'bottomright' } : common);
  return () => api.reset(id);
}
