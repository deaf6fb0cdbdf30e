/** Which human check the public forms use (a site fact); safe to send to the browser. */
export type HumanCheckChoice = { provider: 'altcha' } | { provider: 'recaptcha' | 'turnstile'; siteKey: string };
