import { LOST_REASON_LABELS, LOST_STATUS } from '#src/schemas/follow-up.ts';
import type { LeadView } from '#src/schemas/lead-view.ts';
import { formatEuro } from '#src/admin/format.ts';

/**
 * A request's outcome as key facts, first in its "At a glance" band: the premium and insurer
 * it was quoted (kept when lost), and why a lost one was lost.
 */
export function outcomeFacts(lead: LeadView): { label: string; value: string }[] {
  return [
    ...(lead.premium ? [{ label: 'Premium quoted', value: formatEuro(lead.premium) }] : []),
    ...(lead.insurer ? [{ label: 'Insurer', value: lead.insurer }] : []),
    ...(lead.status === LOST_STATUS && lead.lostReason
      ? [{ label: 'Reason lost', value: lead.lostDetail ? `${LOST_REASON_LABELS[lead.lostReason]}: ${lead.lostDetail}` : LOST_REASON_LABELS[lead.lostReason] }]
      : []),
  ];
}

/**
 * The premium a list or board card shows: the one quoted, else what the customer pays today
 * (a renewal's or a fleet's current premium, as their form gave it), marked `current`.
 */
export function premiumShown(lead: LeadView): { amount: string; current: boolean } | null {
  if (lead.premium) return { amount: lead.premium, current: false };
  return lead.currentPremium ? { amount: lead.currentPremium, current: true } : null;
}
