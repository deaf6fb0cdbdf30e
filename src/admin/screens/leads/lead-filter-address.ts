import type { LeadFilter } from '../../stores/leads.ts';

const FILTER_KEYS = ['kind', 'status', 'from', 'to', 'q'] as const satisfies readonly (keyof LeadFilter)[];

/** The list filter an address carries (`?status=new&from=2026-11-01`), or null when it has none; the server validates the values. */
export function leadFilterFromAddress(search: string): LeadFilter | null {
  const params = new URLSearchParams(search);
  const filter: LeadFilter = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return Object.keys(filter).length ? filter : null;
}
