import { apiClient, pathParams, unwrap } from '#src/api/typed-client.ts';
import type { NextStepDoneInput, TimelineView } from '#src/schemas/record-timeline.ts';

/** The areas whose records have a timeline: callbacks, quotes and renewals. */
export type RecordArea = 'contacts' | 'quotes' | 'renewals';

/** One page of a record's timeline, newest first; `before` is the `next` cursor of the page before. */
export async function loadTimeline(area: RecordArea, id: string, before?: string): Promise<TimelineView> {
  const request = { param: pathParams({ id }), query: before ? { before } : {} };
  const answer =
    area === 'contacts'
      ? apiClient.contacts.timeline[':id'].$get(request)
      : area === 'quotes'
        ? apiClient.quotes.timeline[':id'].$get(request)
        : apiClient.renewals.timeline[':id'].$get(request);
  return (await unwrap(answer)).timeline;
}

/** Marks a record's next step done, with what came of it, booking the next one (or none). Answers the server's message. */
export async function completeNextStep(area: RecordArea, id: string, input: NextStepDoneInput): Promise<string> {
  const request = { param: pathParams({ id }), json: input };
  if (area === 'contacts') return (await unwrap(apiClient.contacts['next-step-done'][':id'].$post(request))).message;
  const client = area === 'quotes' ? apiClient.quotes : apiClient.renewals;
  return (await unwrap(client['next-step-done'][':id'].$post(request))).message;
}
