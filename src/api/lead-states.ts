import { computed, map, type MapStore, type ReadableAtom } from 'nanostores';
import type { LeadDetailView, LeadEventView, LeadView } from '../schemas/lead-view.ts';
import { quoteKinds, type QuoteKind } from '../schemas/leads/index.ts';
import type { LeadKind } from '../schemas/leads/form-definition.ts';
import { sendForm, type ResendNotice } from './send-form.ts';
import { apiClient, pathParams } from './typed-client.ts';

/**
 * The quote and renewal states, one per kind: the current request, the list,
 * and the reference data the quote forms search (occupations for every quote kind, areas for
 * van). The quote forms read their occupations and areas here; the back-office its current
 * request and, when a list is narrowed to one kind, that kind's list.
 */
/** A request as lists show it, its history, and the whole of it: the views the routes answer. */
export type Lead = LeadView;
export type LeadEvent = LeadEventView;
export type LeadDetail = LeadDetailView;
/** A current request: the whole of it (get, update, in the back-office), or the summary create answers (on the form that sent it). */
export type CurrentLead = Lead | LeadDetail;
export const isLeadDetail = (lead: CurrentLead | null): lead is LeadDetail => lead !== null && 'answers' in lead;

/** `areas` is the van state's only (the towns its form searches). */
export type QuoteState = { currentQuote: CurrentLead | null; quotes: Lead[]; occupations: readonly string[]; areas?: readonly string[] };
export type RenewalState = { currentRenewal: CurrentLead | null; renewals: Lead[] };

const quoteState = (): QuoteState => ({ currentQuote: null, quotes: [], occupations: [] });

export const $vanQuote = map<QuoteState>({ ...quoteState(), areas: [] });
export const quoteStates: Record<QuoteKind, MapStore<QuoteState>> = {
  van: $vanQuote,
  fleet: map<QuoteState>(quoteState()),
  truck: map<QuoteState>(quoteState()),
  liability: map<QuoteState>(quoteState()),
};
export const $renewal = map<RenewalState>({ currentRenewal: null, renewals: [] });

const isQuoteKind = (kind: LeadKind): kind is QuoteKind => kind !== 'renewal';

/** Set-current: what create, update and get end with; the request becomes its kind's current one. */
export function setCurrentLead(lead: CurrentLead): void {
  if (isQuoteKind(lead.kind)) quoteStates[lead.kind].setKey('currentQuote', lead);
  else $renewal.setKey('currentRenewal', lead);
}

/** Reset: no current quote (of any kind) or no current renewal. */
export function resetCurrentLead(area: 'quotes' | 'renewals'): void {
  if (area === 'renewals') $renewal.setKey('currentRenewal', null);
  else for (const kind of quoteKinds) quoteStates[kind].setKey('currentQuote', null);
}

/** The list action: one kind's requests. */
export function setLeadList(kind: LeadKind, leads: Lead[]): void {
  if (isQuoteKind(kind)) quoteStates[kind].setKey('quotes', leads);
  else $renewal.setKey('renewals', leads);
}

/** The shared action: one occupations list for every quote kind. */
export function setOccupations(occupations: readonly string[]): void {
  for (const kind of quoteKinds) quoteStates[kind].setKey('occupations', occupations);
}

export function setAreas(areas: readonly string[]): void {
  $vanQuote.setKey('areas', areas);
}

/** The current quote, whichever its kind (reset clears them all, so at most one is set). */
export const $currentQuote: ReadableAtom<CurrentLead | null> = computed(
  quoteKinds.map((kind) => quoteStates[kind]),
  (...states) => states.find((state) => state.currentQuote)?.currentQuote ?? null,
);
export const $currentRenewal: ReadableAtom<CurrentLead | null> = computed($renewal, (state) => state.currentRenewal);

/**
 * Create: sends a new request of this kind, under its submission key (resent by
 * itself on no answer, see send-form.ts), and makes the stored request its kind's current one.
 * Answers the thank-you page's address. A filled honeypot stores nothing, so sets nothing.
 */
export async function createLead(
  kind: LeadKind,
  body: Record<string, unknown>,
  options: { key: string; onResend?: (notice: ResendNotice) => void },
): Promise<string> {
  const result = await sendForm(
    (request) =>
      kind === 'renewal'
        ? apiClient.renewals.create.$post({ json: body }, request)
        : apiClient.quotes[':kind'].create.$post({ param: pathParams({ kind }), json: body }, request),
    options,
  );
  if (result.lead) setCurrentLead(result.lead);
  return result.redirect;
}

/** The occupations a form of this kind offers (none for a renewal, which asks for none). */
const occupationStores: Record<LeadKind, ReadableAtom<readonly string[]>> = {
  ...(Object.fromEntries(quoteKinds.map((kind) => [kind, computed(quoteStates[kind], (state) => state.occupations)])) as Record<
    QuoteKind,
    ReadableAtom<readonly string[]>
  >),
  renewal: computed($renewal, () => []),
};
export const occupationsFor = (kind: LeadKind): ReadableAtom<readonly string[]> => occupationStores[kind];
