import type { LeadFormDef } from './form-definition.ts';
import type { LeadKind } from './kinds.ts';
import { vanForm } from './van.ts';
import { fleetForm } from './fleet.ts';
import { truckForm } from './truck.ts';
import { liabilityForm } from './liability.ts';
import { renewalForm } from './renewal.ts';

export { leadKindNames, leadStatuses, quoteKinds, type LeadKind, type LeadStatus, type QuoteKind } from './kinds.ts';

export const leadForms: Record<LeadKind, LeadFormDef> = { van: vanForm, fleet: fleetForm, truck: truckForm, liability: liabilityForm, renewal: renewalForm };

/** Each kind's reference prefix (VQ-2026-000123), its thank-you route and its name in lists. */
export const leadKinds: Record<LeadKind, { prefix: string; thankYou: string; label: string }> = {
  van: { prefix: 'VQ', thankYou: '/quote-thank-you', label: 'Van' },
  fleet: { prefix: 'FQ', thankYou: '/quote-thank-fleet', label: 'Fleet' },
  truck: { prefix: 'TQ', thankYou: '/quote-thank-truck', label: 'Truck' },
  liability: { prefix: 'LQ', thankYou: '/quote-thank-liability', label: 'Public liability' },
  renewal: { prefix: 'RN', thankYou: '/renewal-thank-you', label: 'Renewal' },
};

export type { LeadFormDef };
