import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { okEnvelope } from '#src/schemas/envelope.ts';
import type { AppEnv } from '../app-env.ts';
import { answers, failures } from '../http/describe.ts';
import { parseWith, sendOk } from '../http/envelope.ts';
import { validate } from '../http/validate.ts';
import { occupations } from '../reference/occupations.ts';
import { counties } from '../reference/areas.ts';
import { normalizeSearchText } from '#src/lib/search-text.ts';

/** The most areas one search returns. */
export const AREAS_MAX = 50;

const areas = counties.flatMap((county) => county.towns.map((town) => ({ town, county: county.name, label: `${town}, Co. ${county.name}` })));
const folded = areas.map((area) => ({ area, key: normalizeSearchText(area.label) }));

const tags = ['Public forms'];
const AreaSchema = v.object({ town: v.string(), county: v.string(), label: v.string() });
/** The query as it arrives; the search text is checked by the route, with its own message. */
const AreasQuerySchema = v.object({ search: v.optional(v.string()) });

/**
 * `/api/v1/occupations` (the whole list; the search list filters it in the browser) and
 * `/api/v1/areas?search=` (towns by name, with their county). Public: the quote forms use them.
 */
export const referenceDataRoutes = new Hono<AppEnv>()
  .get(
    '/occupations',
    describeRoute({
      tags,
      summary: 'Occupations and trades for the quote forms',
      responses: { 200: answers('The whole list', okEnvelope({ occupations: v.array(v.string()) })) },
    }),
    (c) => sendOk(c, 'Occupations', { occupations }),
  )
  .get(
    '/areas',
    describeRoute({
      tags,
      summary: `Towns whose name contains the search, with their county (${AREAS_MAX} at most, those starting with it first)`,
      responses: { 200: answers('The towns found', okEnvelope({ areas: v.array(AreaSchema) })), ...failures(400) },
    }),
    validate('query', AreasQuerySchema),
    (c) => {
      const search = parseWith(v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(60, 'Must be 60 characters or fewer')), c.req.valid('query').search);
      const key = normalizeSearchText(search);
      const found = (key ? folded.filter((entry) => entry.key.includes(key)) : folded)
        // Towns whose name starts with the search come first.
        .sort((a, b) => Number(b.key.startsWith(key)) - Number(a.key.startsWith(key)))
        .slice(0, AREAS_MAX)
        .map((entry) => entry.area);
      return sendOk(c, `${found.length} found`, { areas: found });
    },
  );
