import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { postPath } from '#src/lib/blog.ts';
import { type LeadKind, leadKinds, quoteKinds } from '#src/schemas/leads/index.ts';
import { roleNames } from '#src/schemas/roles.ts';
import { SEARCH_PER_KIND, type SearchGroup, type SearchResult } from '#src/schemas/search.ts';
import { seedPages } from '#src/site/content-seed/index.ts';
import { pageFor } from '#src/site/pages.ts';
import { contactListFilter, listContacts } from '../contacts/queries.ts';
import type { Db } from '../db/client.ts';
import { listRequest } from '../db/keyset.ts';
import { contentSections, leads, posts, users } from '../db/schema.ts';
import { anyColumnHolds } from '../db/text-search.ts';
import { listFilterFrom, listLeads } from '../leads/queries.ts';

/** One line of facts, the empty ones left out. */
const line = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/**
 * The lists read their first page of a search (keyset.ts: among the newest rows first, else by
 * the trigram indexes), one more than shown to tell whether the list holds others. The exact
 * count stops early: the palette says only that there are more.
 */
const firstPage = listRequest({ page: 0, page_size: SEARCH_PER_KIND + 1 }, { listExactCountLimit: SEARCH_PER_KIND + 1 });

const group = (kind: SearchGroup['kind'], found: SearchResult[]): SearchGroup => ({
  kind,
  results: found.slice(0, SEARCH_PER_KIND),
  more: found.length > SEARCH_PER_KIND,
});

/** Callbacks, as their list finds them (name, email, phone, and what they wrote), newest first. */
export async function searchCallbacks(db: Db, q: string): Promise<SearchGroup> {
  const page = await listContacts(db, firstPage, contactListFilter({ q }));
  return group(
    'callback',
    page.rows.map((row) => ({ kind: 'callback', id: row.id, title: row.name, detail: line(row.email, row.phone), status: row.status })),
  );
}

/**
 * Quotes or renewals: a reference or an email address given whole first (the unique reference's
 * and lower(email)'s btree indexes), then what the list's search finds (name, reference,
 * registration), newest first.
 */
export async function searchRequests(db: Db, kinds: readonly LeadKind[], q: string): Promise<SearchGroup> {
  const [exact, page] = await Promise.all([
    db
      .select()
      .from(leads)
      .where(and(or(eq(leads.reference, q.toUpperCase()), sql`lower(${leads.email}) = lower(${q})`), inArray(leads.kind, [...kinds])))
      .orderBy(desc(leads.createdAt))
      .limit(SEARCH_PER_KIND + 1),
    listLeads(db, listFilterFrom(kinds, { q }), firstPage),
  ]);
  const seen = new Set<string>();
  const rows = [...exact, ...page.rows].filter((row) => !seen.has(row.id) && seen.add(row.id));
  const kind = kinds.includes('renewal') ? 'renewal' : 'quote';
  return group(
    kind,
    rows.map((row) => ({
      kind,
      id: row.id,
      title: row.name,
      detail: line(row.reference, kind === 'quote' ? leadKinds[row.kind].label : null, row.registration, row.email),
      status: row.status,
    })),
  );
}

export const searchQuotes = (db: Db, q: string) => searchRequests(db, quoteKinds, q);
export const searchRenewals = (db: Db, q: string) => searchRequests(db, ['renewal'], q);

/** Posts by title or address (slug), the latest changed first: a few hundred rows, read whole. */
export async function searchPosts(db: Db, q: string): Promise<SearchGroup> {
  const rows = await db
    .select({ id: posts.id, title: posts.title, slug: posts.slug, status: posts.status })
    .from(posts)
    .where(anyColumnHolds([posts.title, posts.slug], q))
    .orderBy(desc(posts.updatedAt), desc(posts.id))
    .limit(SEARCH_PER_KIND + 1);
  return group(
    'post',
    rows.map((row) => ({ kind: 'post', id: row.id, title: row.title || 'Untitled', detail: postPath(row.slug), status: row.status })),
  );
}

/**
 * The site's content pages by name, address or usual title: the pages are declared in code
 * (seedPages), each with its root section in the database, whose id the page editor opens.
 */
export async function searchPages(db: Db, q: string): Promise<SearchGroup> {
  const wanted = q.toLowerCase();
  const matching = seedPages.filter((page) => [page.root, page.path, pageFor(page.path).title].some((text) => text.toLowerCase().includes(wanted)));
  if (!matching.length) return group('page', []);
  const roots = await db
    .select({ id: contentSections.id, namePath: contentSections.namePath })
    .from(contentSections)
    .where(
      and(
        eq(contentSections.level, 0),
        inArray(
          contentSections.namePath,
          matching.map((page) => page.root),
        ),
      ),
    );
  const idOf = new Map(roots.map((root) => [root.namePath, root.id]));
  return group(
    'page',
    matching.flatMap((page) => {
      const id = idOf.get(page.root);
      return id ? [{ kind: 'page' as const, id, title: page.root, detail: page.path, status: null }] : [];
    }),
  );
}

/** Staff accounts by first or last name, full name or address (trigram indexes on each; the staff are few). */
export async function searchUsers(db: Db, q: string): Promise<SearchGroup> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(anyColumnHolds([users.firstName, users.lastName, users.email, sql`${users.firstName} || ' ' || ${users.lastName}`], q))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(SEARCH_PER_KIND + 1);
  return group(
    'user',
    rows.map((row) => ({ kind: 'user', id: row.id, title: `${row.firstName} ${row.lastName}`, detail: line(row.email, roleNames[row.role]), status: null })),
  );
}
