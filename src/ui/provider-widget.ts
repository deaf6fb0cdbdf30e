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

/**
 * After the form goes, the provider's iframe stays 5 s so the provider can
 * finish its own clean-up (its scripts still talk to the frame), then it is removed.
 */
export const IFRAME_REMOVAL_DELAY_MS = 5000;

export type ProviderWidget = {
  /** A fresh challenge for another send. */
  reset(): void;
  /** The form is going: hand the widget's nodes to a hidden holder, removed after the delay. */
  dispose(): void;
};

/** Renders the widget into `element`. */
export async function renderProviderWidget(provider: Provider, siteKey: string, element: HTMLElement, callbacks: Callbacks): Promise<ProviderWidget> {
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
  return {
    reset: () => api.reset(id),
    dispose: () => {
      // React owns `element` and removes it now; the provider's nodes move out of it first.
      const holder = document.createElement('div');
      holder.hidden = true;
      holder.append(...element.childNodes);
      document.body.append(holder);
      api.reset(id);
      setTimeout(() => {
        api.remove?.(id);
        holder.remove();
      }, IFRAME_REMOVAL_DELAY_MS);
    },
  };
}
