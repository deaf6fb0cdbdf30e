import { api } from '../../api/client.ts';
import { $vanQuote, setAreas, setOccupations } from '../../api/lead-states.ts';

/**
 * The occupations list, fetched once per page into every quote kind's state (the shared action
 * of spec section 4), where each form's search lists read it.
 */
let occupations: Promise<readonly string[]> | null = null;
export function loadOccupations(): Promise<readonly string[]> {
  occupations ??= api<{ occupations: string[] }>('GET', '/occupations')
    .then((result) => {
      setOccupations(result.occupations);
      return result.occupations;
    })
    .catch((error: unknown) => {
      occupations = null;
      throw error;
    });
  return occupations;
}

/** Towns matching what was typed, as "Ennis, Co. Clare": the van state's areas, which the town search list shows. */
export async function searchAreas(text: string, signal: AbortSignal): Promise<readonly string[]> {
  const result = await api<{ areas: { label: string }[] }>('GET', `/areas?${new URLSearchParams({ search: text })}`, undefined, signal);
  if (!signal.aborted) setAreas(result.areas.map((area) => area.label));
  return $vanQuote.get().areas ?? [];
}
