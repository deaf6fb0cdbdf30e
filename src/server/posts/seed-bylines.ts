import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contentElements, contentSections, posts } from '../db/schema.ts';
import { seedPosts } from './seed-posts.ts';
import { aboutUs } from '#src/site/content-seed/pages/about-us.ts';
import { TEAM_SIZE, teamMemberSection } from '#src/site/content-seed/trust.ts';

type PostRow = typeof posts.$inferSelect;

const writers = new Map(seedPosts.map((post) => [post.id, post.writer]));
const teamNamePaths = Array.from({ length: TEAM_SIZE }, (_, index) => `${aboutUs.root}/${teamMemberSection(index + 1)}`);

/** The names the About us page's published team gives, as typed (trimmed). */
async function publishedTeamNames(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ value: contentElements.publishedValue })
    .from(contentElements)
    .innerJoin(contentSections, eq(contentSections.id, contentElements.sectionId))
    .where(and(inArray(contentSections.namePath, teamNamePaths), eq(contentElements.name, 'Name')));
  return new Set(rows.flatMap((row) => (typeof row.value === 'string' && row.value.trim() ? [row.value.trim()] : [])));
}

/**
 * Who signs each demonstration post that no account wrote: the demonstration team member whose
 * work it covers (seed-posts.ts), by post id, but only while the published About us page names
 * that person. A demonstration install shows the articles by the team it introduces; a live
 * site that asked for the demonstration posts and names its own team keeps them signed by the
 * broker, so no article is credited to a person who did not write it.
 */
export async function seedBylinesOf(db: Db, rows: readonly PostRow[]): Promise<Map<string, string>> {
  const wanted = rows.flatMap((row) => {
    const writer = row.authorId === null ? writers.get(row.id) : undefined;
    return writer ? [[row.id, writer] as const] : [];
  });
  if (wanted.length === 0) return new Map();
  const team = await publishedTeamNames(db);
  return new Map(wanted.filter(([, writer]) => team.has(writer)));
}
