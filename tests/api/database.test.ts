import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { users } from '#src/server/db/schema.ts';
import { seedAdministrator } from '#src/server/seed.ts';
import { verifyPassword } from '#src/server/auth/password.ts';
import { loadConfig } from '#src/server/config.ts';
import { freshDatabase } from '../support/database.ts';

describe('migrations', () => {
  it('can be applied again without harm', async () => {
    const test = await freshDatabase();
    await test.database.migrate();
    expect(await test.database.db.$count(users)).toBe(0);
    await test.drop();
  });
});

describe('the seeded administrator', () => {
  it('is created once, with a generated password when none is configured, hashed with argon2id', async () => {
    const test = await freshDatabase();
    const { db } = test.database;
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const first = await seedAdministrator(db, config);
    expect(first.created).toBe(true);
    if (!first.created) throw new Error('unreachable');
    expect(first.email).toBe('admin@shannon-insurance.ie');
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [admin] = await db.select().from(users).where(eq(users.email, first.email));
    expect(admin?.role).toBe('admin');
    expect(admin?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(admin!.passwordHash, first.generatedPassword!)).toBe(true);
    expect(await verifyPassword(admin!.passwordHash, 'wrong password')).toBe(false);

    expect(await seedAdministrator(db, config)).toEqual({ created: false });
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users);
    expect(total).toBe(1);
    await test.drop();
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when they are set', async () => {
    const test = await freshDatabase();
    const config = loadConfig({ LOG_LEVEL: 'silent', ADMIN_EMAIL: 'niamh@shannon-insurance.ie', ADMIN_PASSWORD: 'a long enough secret' });
    const result = await seedAdministrator(test.database.db, config);
    expect(result).toEqual({ created: true, email: 'niamh@shannon-insurance.ie', generatedPassword: null });
    const [admin] = await test.database.db.select().from(users);
    expect(await verifyPassword(admin!.passwordHash, 'a long enough secret')).toBe(true);
    await test.drop();
  });
});
