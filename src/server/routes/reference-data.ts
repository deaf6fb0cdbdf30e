import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app-env.ts';
import { parseWith, sendOk } from '../http/envelope.ts';
import { occupations } from '../reference/occupations.ts';
import { counties } from '../reference/areas.ts';
import { normalizeSearchText } from '../../lib/search-text.ts';

/** The most areas one search returns. */
export const AREAS_MAX = 50;

const areas = counties.flatMap((county) => county.towns.map((town) => ({ town, county: county.name, label: `${town}, Co. ${county.name}` })));
const folded = areas.map((area) => ({ area, key: normalizeSearchText(area.label) }));

/**
 * `/api/v1/occupations` (the whole list; the search list filters it in the browser) and
 * `/api/v1/areas?search=` (towns by name, with their county). Public: the quote forms use them.
 */
export const referenceDataRoutes = new Hono<AppEnv>();

referenceDataRoutes.get('/occupations', (c) => sendOk(c, 'Occupations', { occupations }));

referenceDataRoutes.get('/areas', (c) => {
  const search = parseWith(v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(60, 'Must be 60 characters or fewer')), c.req.query('search'));
  const key = normalizeSearchText(search);
  const found = (key ? folded.filter((entry) => entry.key.includes(key)) : folded)
    // Towns whose name starts with the search come first.
    .sort((a, b) => Number(b.key.startsWith(key)) - Number(a.key.startsWith(key)))
    .slice(0, AREAS_MAX)
    .map((entry) => entry.area);
  return sendOk(c, `${found.length} found`, { areas: found });
});
