import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { users } from '#src/server/db/schema.ts';
import { hashPassword } from '#src/server/auth/password.ts';
import { type Role, roleFromIsAdmin } from '#src/schemas/roles.ts';
import type { TestApp } from './app.ts';

/** A browser-like client for the in-process app: it keeps the session cookie between calls. */
export type Agent = {
  /** `extra`: headers a browser would add (Sec-Fetch-Site, Origin, Referer). */
  call(method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<Response>;
  cookie(): string | undefined;
};

export function agent(t: TestApp, address = '198.51.100.7'): Agent {
  let cookie: string | undefined;
  return {
    async call(method, path, body, extra = {}) {
      const headers: Record<string, string> = { 'x-forwarded-for': address, ...extra };
      if (cookie) headers.cookie = cookie;
      const res = await t.call(method, path, body, headers);
      const set = res.headers.get('set-cookie');
      if (set) {
        const [pair] = set.split(';');
        cookie = pair && !/=;?$/.test(pair) && !/max-age=0/i.test(set) ? pair : undefined;
      }
      return res;
    },
    cookie: () => cookie,
  };
}

/** Inserts a user directly (fast), returning its id. */
export async function createUser(
  t: TestApp,
  fields: { email: string; password: string; isAdmin?: boolean; role?: Role; firstName?: string; lastName?: string },
): Promise<string> {
  const [row] = await t.test.database.db
    .insert(users)
    .values({
      firstName: fields.firstName ?? 'Test',
      lastName: fields.lastName ?? 'User',
      email: fields.email,
      passwordHash: await hashPassword(fields.password),
      role: fields.role ?? roleFromIsAdmin(fields.isAdmin ?? false),
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function userRow(t: TestApp, id: string) {
  const [row] = await t.test.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

/**
 * A TOTP code from Debian's oathtool: a second, independent RFC 6238 implementation, so the
 * server is checked against what a real authenticator app would show. `stepsAhead` asks for
 * the code of a later 30-second step (the server accepts one step of drift).
 */
export function oathtoolCode(secretBase32: string, stepsAhead = 0): string {
  const at = Math.floor(Date.now() / 1000) + stepsAhead * 30;
  return execFileSync('oathtool', ['--totp', '--base32', `--now=@${at}`, secretBase32], { encoding: 'utf8' }).trim();
}

/**
 * A member of staff created with `role` and signed in (for apps made with TWO_FACTOR_ENABLED=false).
 * The role defaults to Broker, the everyday non-administrator; say 'editor' for an Editor.
 */
export async function signedInAs(t: TestApp, email = 'editor@shannon-insurance.ie', role: Role = 'broker'): Promise<Agent> {
  const password = 'a long test password';
  await createUser(t, { email, password, role });
  const member = agent(t);
  const res = await member.call('POST', '/api/v1/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return member;
}
