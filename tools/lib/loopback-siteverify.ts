import { createServer } from 'node:http';

/**
 * A Turnstile/reCAPTCHA siteverify endpoint on loopback that passes every token, for the
 * load scripts (`HUMAN_CHECK=turnstile` with `HUMAN_CHECK_VERIFY_URL` set to it): they
 * measure the server and its database, not proof-of-work solving, which takes about a
 * second per form on this machine.
 */
export async function startLoopbackSiteverify(): Promise<{ env: Record<string, string>; close(): void }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/siteverify`;
  return {
    env: { HUMAN_CHECK: 'turnstile', HUMAN_CHECK_SITE_KEY: 'loopback', HUMAN_CHECK_SECRET: 'loopback', HUMAN_CHECK_VERIFY_URL: url },
    close: () => server.close(),
  };
}

/** A callback request from visitor `i` (a different address each, as the per-address limit expects). */
export const callbackRequest = (base: string, i: number) =>
  fetch(`${base}/api/v1/contacts/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    body: JSON.stringify({
      name: `Bench ${i}`,
      email: `bench${i}@example.ie`,
      phone: '0871234567',
      subject: 'Van insurance for convicted drivers',
      message: 'Load test',
      humanCheck: `token-${i}`,
    }),
  });
