import type { SiteFacts } from './facts.ts';

/** One claim of the trust bar: an icon (Lucide name), a strong part and the rest. */
export type TrustItem = { icon: string; strong: string; text: string };

/**
 * What the trust bar may say: only facts the broker configured (src/site/facts.ts), never
 * a made-up number. The Central Bank reference and the claims line are always configured;
 * the others appear only when their setting is.
 */
export function trustItems(facts: SiteFacts): TrustItem[] {
  const items: TrustItem[] = [{ icon: 'landmark', strong: 'Regulated by the Central Bank of Ireland', text: `reference ${facts.centralBankReference}` }];
  if (facts.tradingSince) items.push({ icon: 'calendar-check', strong: `Trading since ${facts.tradingSince}`, text: '' });
  if (facts.insurerPanel.length)
    items.push({
      icon: 'shield-check',
      strong: `${facts.insurerPanel.length} ${facts.insurerPanel.length === 1 ? 'insurer' : 'insurers'} on our panel`,
      text: facts.insurerPanel.join(', '),
    });
  if (facts.professionalBody) items.push({ icon: 'badge-check', strong: `Member of ${facts.professionalBody}`, text: '' });
  if (facts.reviews) {
    const { rating, count, source } = facts.reviews;
    items.push({
      icon: 'star',
      strong: `Rated ${rating.toFixed(1)} out of 5`,
      text: `${count ? `from ${count.toLocaleString('en-IE')} reviews ` : ''}on ${source}`,
    });
  }
  items.push({ icon: 'siren', strong: 'Claims help', text: `call ${facts.claimsPhone}` });
  return items;
}
