import { api } from '../../api/client.ts';

/** The occupations list, fetched once per page and shared by every search list that needs it. */
let occupations: Promise<readonly string[]> | null = null;
export function loadOccupations(): Promise<readonly string[]> {
  occupations ??= api<{ occupations: string[] }>('GET', '/occupations')
    .then((result) => result.occupations)
    .catch((error: unknown) => {
      occupations = null;
      throw error;
    });
  return occupations;
}

/** Towns matching what was typed, as "Ennis, Co. Clare". */
export async function searchAreas(text: string, signal: AbortSignal): Promise<readonly string[]> {
  const result = await api<{ areas: { label: string }[] }>('GET', `/areas?${new URLSearchParams({ search: text })}`, undefined, signal);
  return result.areas.map((area) => area.label);
}
