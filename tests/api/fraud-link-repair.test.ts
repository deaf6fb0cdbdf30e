import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '#src/server/content/seed.ts';
import { contentElements } from '#src/server/db/schema.ts';
import { freshDatabase, type TestDatabase } from '../support/database.ts';

/**
 * Migration 0027 repairs what sites seeded before the fix still hold: the About us page's link to
 * the fraud page written as template text. Only a value with that exact text changes.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: the broken seed's own text, template syntax and all
const BROKEN = '({`/fraud-prevention-${siteToken}`})';
const FIXED = '(/fraud-prevention-{siteToken})';
const migration = readFileSync(new URL('../../src/server/db/migrations/0027_repair_fraud_prevention_link.sql', import.meta.url), 'utf8');

let test: TestDatabase;
beforeAll(async () => {
  test = await freshDatabase();
  await seedContent(test.database.db);
});
afterAll(() => test.drop());

const holding = (text: string) => sql`strpos(${contentElements.value} #>> '{}', ${text}) > 0`;

describe('migration 0027', () => {
  it('puts the fraud page link right in a saved and a published value, and touches nothing else', async () => {
    const db = test.database.db;
    const [element] = await db.select().from(contentElements).where(holding(FIXED));
    expect(element).toBeDefined();
    const broken = (element!.value as string).replace(FIXED, BROKEN);
    await db.update(contentElements).set({ value: broken, publishedValue: broken }).where(sql`${contentElements.id} = ${element!.id}`);
    const before = await db.select({ id: contentElements.id, value: contentElements.value }).from(contentElements);

    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const [repaired] = await db.select().from(contentElements).where(sql`${contentElements.id} = ${element!.id}`);
    expect(repaired!.value).toBe(element!.value);
    expect(repaired!.publishedValue).toBe(element!.value);
    const after = await db.select({ id: contentElements.id, value: contentElements.value }).from(contentElements);
    const changed = after.filter((row) => JSON.stringify(row.value) !== JSON.stringify(before.find((old) => old.id === row.id)?.value));
    expect(changed.map((row) => row.id)).toEqual([element!.id]);
  });
});
