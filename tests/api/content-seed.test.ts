import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentElements, contentSections } from '#src/server/db/schema.ts';
import { seedContent, seededNamePaths } from '#src/server/content/seed.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { signedInAs } from '../support/agent.ts';

/**
 * The site's copy is seeded into the content tree, published, on a fresh install; later
 * starts add only what is missing (an upgrade's new sections) and never touch staff edits.
 */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
});
afterAll(() => t.test.drop());

const seededSections = seededNamePaths().length + seedPages.length;
const seededElements = seedPages.flatMap((page) => page.sections.flatMap((section) => section.elements)).length;

type PublicSection = { namePath: string; data: Record<string, unknown>; elements: { name: string; html: string | null }[] };

async function publicSection(namePath: string): Promise<PublicSection | undefined> {
  const res = await t.call('GET', `/api/v1/cms/section/?namePath=${encodeURIComponent(namePath)}&page_size=100`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { sections: PublicSection[] };
  return body.sections.find((section) => section.namePath === namePath);
}

describe('content seed', () => {
  it('adds every page section and element once, published, even when two processes start together', async () => {
    const { db } = t.test.database;
    const results = await Promise.all([seedContent(db), seedContent(db)]);
    expect(results).toContainEqual({ sections: seededSections, elements: seededElements });
    expect(results).toContainEqual({ sections: 0, elements: 0 });
    const [sections] = await db.select({ n: count() }).from(contentSections);
    const [unpublished] = await db.select({ n: count() }).from(contentElements).where(isNull(contentElements.publishedAt));
    expect(sections?.n).toBe(seededSections);
    expect(unpublished?.n).toBe(0);

    // A visitor reading the API sees the published copy, Markdown rendered by the posts' sanitiser.
    const hero = await publicSection('Home/Hero');
    expect(hero?.data.Heading).toBe('Commercial vehicle and liability insurance for Irish businesses');
    const claims = await publicSection('Home/Claims');
    expect(claims?.elements.find((element) => element.name === 'Text')?.html).toContain('<a href="/claims-assistance">claims assistance guide</a>');
    // Each page's sections sit under its root, in the seed's order.
    const van = await db.select().from(contentSections).where(eq(contentSections.namePath, 'Van insurance/Key facts'));
    expect(van[0]).toMatchObject({ level: 1, name: 'Key facts' });
  });

  it('leaves staff edits alone and adds back only what is missing', async () => {
    const { db } = t.test.database;
    const editor = await signedInAs(t);
    const headingId = (
      await db
        .select({ id: contentElements.id, name: contentElements.name })
        .from(contentElements)
        .innerJoin(contentSections, eq(contentSections.id, contentElements.sectionId))
        .where(eq(contentSections.namePath, 'Home/Hero'))
    ).find((row) => row.name === 'Heading')?.id;
    expect(headingId).toBeTruthy();
    const edited = await editor.call('PUT', `/api/v1/cms/element/update/${headingId}`, { value: 'Our own headline' });
    expect(edited.status).toBe(200);
    const talk = await publicSection('Home/Talk to us');
    const [talkRow] = await db.select().from(contentSections).where(eq(contentSections.namePath, 'Home/Talk to us'));
    const admin = await signedInAs(t, 'admin@shannon-insurance.ie', 'admin');
    expect((await admin.call('DELETE', `/api/v1/cms/section/delete/${talkRow!.id}?cascade=true`)).status).toBe(200);

    expect(await seedContent(db)).toEqual({ sections: 1, elements: talk!.elements.length });
    const [after] = await db.select().from(contentElements).where(eq(contentElements.id, headingId!));
    expect(after?.value).toBe('Our own headline');
    expect((await publicSection('Home/Talk to us'))?.data.Heading).toBe('Talk to us');
    expect(await seedContent(db)).toEqual({ sections: 0, elements: 0 });
  });

  it('starts the trust facts and team empty, and fills them with the demonstration broker only when asked', async () => {
    const plain = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
    const demo = await makeTestApp({ env: { TWO_FACTOR_ENABLED: 'false' } });
    try {
      await seedContent(plain.test.database.db);
      await seedContent(demo.test.database.db, { demo: true });
      const publishedOf = async (app: TestApp, namePath: string, name: string) => {
        const [row] = await app.test.database.db
          .select({ value: contentElements.publishedValue })
          .from(contentElements)
          .innerJoin(contentSections, eq(contentSections.id, contentElements.sectionId))
          .where(and(eq(contentSections.namePath, namePath), eq(contentElements.name, name)));
        return row?.value;
      };
      expect(await publishedOf(plain, 'About us/Trust', 'Founded')).toBe('');
      expect(await publishedOf(plain, 'About us/Trust', 'Insurers')).toEqual([]);
      expect(await publishedOf(plain, 'About us/Team member 1', 'Name')).toBe('');
      expect(await publishedOf(demo, 'About us/Trust', 'Founded')).toBe('2009');
      expect(await publishedOf(demo, 'About us/Trust', 'Insurers')).toContainEqual({ name: 'Aviva' });
      expect(await publishedOf(demo, 'About us/Team member 1', 'Name')).toBe('Niamh Brennan');
      // A photo is never seeded: no pictures of people who do not exist.
      expect(await publishedOf(demo, 'About us/Team member 1', 'Photo')).toEqual({ mediaId: '', alt: '' });
    } finally {
      await Promise.all([plain.test.drop(), demo.test.drop()]);
    }
  });
});
