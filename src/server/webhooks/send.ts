import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { literalHostRefused, PRIVATE_ADDRESS, publicOnlyLookup } from './address-check.ts';

/** How long a receiver has to answer; Standard Webhooks senders allow about 15 s. */
export const SEND_TIMEOUT_MS = 15_000;
/** The start of the receiver's answer kept for the delivery log. */
export const RESPONSE_KEPT = 2000;

export type SendOutcome = { ok: boolean; status: number | null; body: string | null; error: string | null };

/**
 * POSTs one delivery. Never follows a redirect (a 3xx is a failure: the next hop could be
 * anywhere), never reaches a private address (address-check.ts), reads at most RESPONSE_KEPT
 * characters of the answer, and gives up after SEND_TIMEOUT_MS. Resolves, never rejects.
 */
export function sendWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  allowPrivate: boolean,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendOutcome> {
  const target = new URL(url);
  if (literalHostRefused(target.hostname, allowPrivate)) return Promise.resolve({ ok: false, status: null, body: null, error: PRIVATE_ADDRESS });
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'broker-site-webhooks/1', ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: publicOnlyLookup(allowPrivate) as never,
        timeout: timeoutMs,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          // Enough for the log: the rest is not read.
          if (text.length >= RESPONSE_KEPT) res.destroy();
        });
        const done = () => {
          const status = res.statusCode ?? 0;
          const ok = status >= 200 && status < 300;
          const error = ok ? null : status >= 300 && status < 400 ? `Replied ${status}: redirects are not followed.` : `Replied ${status}.`;
          finish({ ok, status, body: text.slice(0, RESPONSE_KEPT), error });
        };
        res.on('end', done);
        res.on('close', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s.`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ ok: false, status: null, body: null, error: error.code === 'EPRIVATE' ? PRIVATE_ADDRESS : error.message.slice(0, 500) }),
    );
    req.end(body);
  });
}
