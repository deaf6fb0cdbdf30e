/**
 * The facts about requests, each written once: the database's columns, the API's checks, the
 * forms and the back-office's filters all derive from these lists.
 */

/** The four kinds of quote request (each has its form and its /quotes/{kind} address). */
export const quoteKinds = ['van', 'fleet', 'truck', 'liability'] as const;
export type QuoteKind = (typeof quoteKinds)[number];

/** Every kind of request: the quotes and the renewal. */
export const leadKindNames = [...quoteKinds, 'renewal'] as const;
export type LeadKind = (typeof leadKindNames)[number];

/** The pipeline a request moves through in the back-office. */
export const leadStatuses = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
