import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { okEnvelope } from '#src/schemas/envelope.ts';
import { VIEW_COUNT_CAP } from '#src/schemas/pipeline.ts';
import { DUE_SOON_DAYS } from '#src/schemas/privacy-register.ts';
import { can } from '#src/schemas/roles.ts';
import {
  NavigationCountsSchema,
  SEARCH_PER_KIND,
  type SearchGroup,
  type SearchKind,
  SearchQuerySchema,
  SearchViewSchema,
  searchKindAccess,
  searchKinds,
} from '#src/schemas/search.ts';
import type { AppEnv } from '../app-env.ts';
import type { Db } from '../db/client.ts';
import { personalDataOnly, requireAccess, requireStaff, staffOnly } from '../auth/session.ts';
import { answers, failures } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';
import { navigationCounts } from './counts.ts';
import { searchCallbacks, searchPages, searchPosts, searchQuotes, searchRenewals, searchUsers } from './queries.ts';

const tags = ['Search'];

/** Each kind's search. */
const SEARCHES: Record<SearchKind, (db: Db, q: string) => Promise<SearchGroup>> = {
  callback: searchCallbacks,
  quote: searchQuotes,
  renewal: searchRenewals,
  post: searchPosts,
  page: searchPages,
  user: searchUsers,
};

/**
 * `/api/v1/search` (an addition to the spec): the back-office's search palette, across every
 * area the signed-in role may use, and the navigation's counts.
 */
export const searchRoutes = new Hono<AppEnv>()
  .get(
    '/',
    describeRoute({
      tags,
      summary: `Search callbacks, quotes and renewals (Administrators and Brokers), posts and content pages (all staff) and users (Administrators) at once: up to ${SEARCH_PER_KIND} matches of each kind, a whole reference or email address first`,
      responses: { 200: answers('The matches by kind', okEnvelope({ search: SearchViewSchema })), ...failures(400, 401) },
    }),
    staffOnly,
    validate('query', SearchQuerySchema),
    async (c) => {
      const { q } = c.req.valid('query');
      const { role } = requireStaff(c).user;
      // Only the kinds the role may use are looked in, in the order the palette groups them.
      const kinds = searchKinds.filter((kind) => can(role, searchKindAccess[kind]));
      const groups = await Promise.all(kinds.map((kind) => SEARCHES[kind](c.var.db, q)));
      return sendOk(c, 'Search', { search: { q, groups: groups.filter((found) => found.results.length > 0) } });
    },
  )
  .get(
    '/counts',
    describeRoute({
      tags,
      summary: `The navigation’s counts: new callbacks, quotes and renewals (each up to ${VIEW_COUNT_CAP.toLocaleString('en-IE')}), and privacy requests due within ${DUE_SOON_DAYS} days or overdue (Administrators and Brokers)`,
      responses: { 200: answers('The counts', okEnvelope({ counts: NavigationCountsSchema })), ...failures(401, 403) },
    }),
    personalDataOnly,
    async (c) => sendOk(c, 'Counts', { counts: await navigationCounts(c.var.db, requireAccess(c, 'personalData').user.id) }),
  );
