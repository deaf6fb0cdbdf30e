import { $vanQuote, setAreas, setOccupations } from '#src/api/lead-states.ts';
import { apiClient, unwrap } from '#src/api/typed-client.ts';

/**
 * The occupations list, fetched once per page into every quote kind's state (the shared action), where each form's search lists read it.
 */
let occupations: Promise<readonly string[]> | null = null;
export function loadOccupations(): Promise<readonly string[]> {
  occupations ??= unwrap(apiClient.occupations.$get())
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
  const result = await unwrap(apiClient.areas.$get({ query: { search: text } }, { init: { signal } }));
  if (!signal.aborted) setAreas(result.areas.map((area) => area.label));
  return $vanQuote.get().areas ?? [];
}
