import { staysOnSite } from '#src/schemas/redirect.ts';

/** What a link in a post can point to: the blog keeps http(s), mailto and tel links and this site's own paths. */
export const LINK_HELP = 'Enter a web address (https://…), a page of this site (/van-insurance), an email address or a phone number.';

/**
 * The address a person typed, as a link the blog keeps: `www.rsa.ie` gains https://, an email
 * address mailto: and a phone number tel:. Null when it is none of these.
 */
export function linkTarget(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  if (/^(https?:\/\/[^\s/]+\.[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s()-]{5,})$/i.test(text)) return text;
  if (staysOnSite(text) && !/\s/.test(text)) return text;
  if (/^[^\s@/]+@[^\s@/]+\.[a-z]{2,}$/i.test(text)) return `mailto:${text}`;
  if (/^\+?[\d\s()-]{7,}$/.test(text)) return `tel:${text.replace(/[\s()-]/g, '')}`;
  if (/^([a-z0-9-]+\.)+[a-z]{2,}(\/\S*)?$/i.test(text)) return `https://${text}`;
  return null;
}
