import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { users } from './db/schema.ts';
import { hashPassword } from './auth/password.ts';
import type { Config } from './config.ts';

/**
 * The first Administrator's name until they change it: an account's role, not a person, so
 * the blog never prints it as a byline (src/server/posts/views.ts).
 */
export const placeholderAdministratorName = { firstName: 'Site', lastName: 'Administrator' } as const;

export type SeedResult = { created: false } | { created: true; email: string; generatedPassword: string | null };

/**
 * On first start (no users at all) creates the Administrator from ADMIN_EMAIL and
 * ADMIN_PASSWORD. Without a password a strong one is generated and returned, to be printed
 * once; it is never stored anywhere but as its argon2id hash.
 */
export async function seedAdministrator(db: Db, config: Pick<Config, 'adminEmail' | 'adminPassword' | 'site'>): Promise<SeedResult> {
  const [row] = await db.select({ total: count() }).from(users);
  if ((row?.total ?? 0) > 0) return { created: false };

  const email = config.adminEmail ?? `admin@${config.site.salesEmail.split('@')[1]}`;
  const generatedPassword = config.adminPassword ? null : randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(config.adminPassword ?? generatedPassword ?? '');
  const inserted = await db
    .insert(users)
    .values({ ...placeholderAdministratorName, email, passwordHash, role: 'admin' })
    // A second process starting at the same moment may have seeded first: that is fine.
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return { created: false };
  return { created: true, email, generatedPassword };
}
