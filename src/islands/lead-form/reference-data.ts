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
  const response = await fetch(`/api/v1/areas?${new URLSearchParams({ search: text })}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) return [];
  return ((await response.json()) as { areas: { label: string }[] }).areas.map((area) => area.label);
}
