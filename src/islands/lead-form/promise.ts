import type { LeadKind } from '#src/schemas/leads/index.ts';

/**
 * The line of reassurance under a form's progress bar. It says only what the site promises
 * elsewhere: a quote form takes about ten minutes (the home and van pages), except the fleet
 * form, which asks for every vehicle (a schedule to upload or a list to type) and so says
 * about fifteen with the vehicle list to hand, the review step
 * lets the visitor change any answer before sending, and a broker comes back within one
 * working day (every thank-you page). The renewal form's length is promised nowhere, so its
 * line leaves the time out.
 */
const QUOTE_TIME = 'About ten minutes';
const FLEET_TIME = 'About fifteen minutes, with your vehicle list to hand';
const REVIEW = 'Check and change any answer before you send';
const REPLY = 'A broker contacts you within one working day';

export function promiseFor(kind: LeadKind): readonly string[] {
  if (kind === 'renewal') return [REVIEW, REPLY];
  return [kind === 'fleet' ? FLEET_TIME : QUOTE_TIME, REVIEW, REPLY];
}
