import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` and
 * base64 key bytes; each delivery carries `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` under the key.
 * Receivers check it with any Standard Webhooks library (docs/how-to/receive-webhooks.md).
 */
const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery sent now. */
export function signedHeaders(secret: string, messageId: string, body: string, now = Date.now()): Record<string, string> {
  const timestamp = Math.floor(now / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureOf(secret, messageId, timestamp, body),
  };
}
