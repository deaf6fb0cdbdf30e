import type { ImageView } from '../schemas/image-view.ts';
import { isWebUrl } from '../schemas/fields.ts';
import { contentFor } from './content.ts';
import { initialsOf } from '#src/lib/initials.ts';
import { REVIEWS_ELEMENT, TEAM_SECTION, TEAM_SIZE, TRUST_SECTION, teamMemberSection } from './content-seed/trust.ts';
import type { SiteFacts } from './facts.ts';

/**
 * What the site may say to earn a visitor's trust: the broker's regulator and claims line (site
 * facts, always set) and the trust facts and team staff keep on the About us page's content
 * (src/site/content-seed/trust.ts). Each is shown only when set: never a made-up number. A
 * value the page cannot use (a year in the future, a rating of 7) fails the build naming it,
 * as any bad content does, so a typo is never published as a claim.
 */
const ABOUT = '/about-us';

export type Reviews = { rating: number; count: number | null; source: string; url: string | null };
export type Membership = { name: string; website: string | null };
/** A customer's words as staff copied them from a review: who said it, and where it was posted. */
export type ReviewQuote = {
  words: string;
  name: string;
  place: string | null;
  source: string | null;
  date: string | null;
  /** The address of the page about the cover the review praises ("/van-insurance"): that page shows it. */
  cover: string | null;
};
export type TrustFacts = {
  founded: number | null;
  /** Whole years since the founding year, at build time. */
  yearsTrading: number | null;
  reviews: Reviews | null;
  memberships: Membership[];
  insurers: string[];
  /** Review quotes staff copied in, in their order; none until staff add one. */
  quotes: ReviewQuote[];
};

const where = (name: string) => `Content "About us/${TRUST_SECTION}" › "${name}"`;

function checked<T>(name: string, raw: string, parse: (value: string) => T | undefined, rule: string): T | null {
  if (!raw) return null;
  const value = parse(raw);
  if (value === undefined) throw new Error(`${where(name)} is "${raw}": it must be ${rule}.`);
  return value;
}

const webAddress = (value: string) => (isWebUrl(value, ['https:', 'http:']) ? value : undefined);

/** The trust section's values as staff typed them (source and names as the page shows them). */
export type TrustInput = {
  founded: string;
  rating: string;
  count: string;
  source: string;
  address: string;
  memberships: { name: string; website?: string }[];
  insurers: string[];
  quotes?: { words: string; name: string; place?: string; source?: string; date?: string; cover?: string }[];
};

const orNull = (value: string | undefined) => (value?.trim() ? value : null);

/** Checks and reads the trust section's values; `year` is the build's year. Throws naming a value the page cannot use. */
export function parseTrustFacts(input: TrustInput, year: number): TrustFacts {
  const founded = checked(
    'Founded',
    input.founded.trim(),
    (value) => (/^(1[89]|20)\d{2}$/.test(value) && Number(value) <= year ? Number(value) : undefined),
    `a year no later than ${year}, such as 2009`,
  );
  const rating = checked(
    'Review rating',
    input.rating.trim(),
    (value) => {
      const number = Number(value.replace(',', '.'));
      return /^[0-5]([.,]\d)?$/.test(value) && number <= 5 ? number : undefined;
    },
    'a rating out of 5 such as 4.8',
  );
  const count = checked(
    'Review count',
    input.count.trim(),
    (value) => (/^\d{1,3}(,?\d{3})*$/.test(value) ? Number(value.replaceAll(',', '')) : undefined),
    'a whole number such as 126',
  );
  const url = checked('Review address', input.address.trim(), webAddress, 'a web address starting https://');
  const source = input.source.trim() ? input.source : '';
  return {
    founded,
    yearsTrading: founded === null ? null : year - founded,
    // A rating says nothing without where it comes from.
    reviews: rating !== null && source ? { rating, count, source, url } : null,
    memberships: input.memberships
      .filter((entry) => entry.name.trim())
      .map((entry, index) => ({
        name: entry.name,
        website: checked(`Memberships entry ${index + 1} website`, (entry.website ?? '').trim(), webAddress, 'a web address starting https://'),
      })),
    insurers: input.insurers.filter((name) => name.trim()),
    // A quote without its words or its reviewer's name is not shown: an anonymous quote proves nothing.
    quotes: (input.quotes ?? [])
      .filter((quote) => quote.words.trim() && quote.name.trim())
      .map((quote) => ({
        words: quote.words,
        name: quote.name,
        place: orNull(quote.place),
        source: orNull(quote.source),
        date: orNull(quote.date),
        cover: orNull(quote.cover),
      })),
  };
}

/** The trust facts as published, for this build. */
export function trustFacts(): TrustFacts {
  const trust = contentFor(ABOUT).section(TRUST_SECTION);
  return parseTrustFacts(
    {
      // Numbers and addresses are read without the preview's markers, which would make them unreadable.
      founded: trust.headText('Founded'),
      rating: trust.headText('Review rating'),
      count: trust.headText('Review count'),
      address: trust.headText('Review address'),
      source: trust.headText('Review source') ? trust.text('Review source') : '',
      memberships: trust.list('Memberships', ['name'], ['website']),
      insurers: trust.list('Insurers', ['name']).map((entry) => entry.name),
      quotes: trust.list(REVIEWS_ELEMENT, ['words', 'name'], ['place', 'source', 'date', 'cover']),
    },
    new Date().getFullYear(),
  );
}

export type TeamMember = {
  name: string;
  /** Their name as typed, without a preview build's markers: what a post's byline is matched on. */
  plainName: string;
  role: string;
  about: string;
  /** Their own address, when staff gave one. */
  email: string | null;
  /** Their initials, for the monogram shown until staff choose their photo. */
  initials: string;
  photo: { image: ImageView | null; alt: string; attributes: Record<string, string> };
};

/** The people staff named on the About us page, in order; a place with no name is left out. */
export function teamMembers(): { heading: string; lead: string; members: TeamMember[] } {
  const content = contentFor(ABOUT);
  const team = content.section(TEAM_SECTION);
  const members: TeamMember[] = [];
  for (let n = 1; n <= TEAM_SIZE; n++) {
    const member = content.section(teamMemberSection(n));
    const plainName = member.headText('Name');
    if (!plainName) continue;
    const email = member.headText('Email').trim();
    // A mistyped address would be a dead link on a card: the build stops and names it instead.
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new Error(`Content "About us/${teamMemberSection(n)}" › "Email" is "${email}": it must be an email address.`);
    members.push({
      name: member.text('Name'),
      plainName,
      role: member.text('Role'),
      about: member.text('About'),
      email: email || null,
      initials: initialsOf(plainName),
      photo: member.image('Photo'),
    });
  }
  return { heading: team.text('Heading'), lead: team.text('Lead'), members };
}

/** The person About us introduces by this name (a post's byline), or null: their role and photo go beside it. */
export function teamMemberNamed(name: string | null): TeamMember | null {
  const wanted = name?.trim();
  return (wanted && teamMembers().members.find((member) => member.plainName === wanted)) || null;
}

/** One claim of the trust bar: an icon (Lucide name), a strong part and the rest. */
export type TrustItem = { icon: string; strong: string; text: string };

/** The trust bar's claims: the regulator first and the claims line last, with what staff set between. */
export function trustItems(facts: SiteFacts, trust: TrustFacts): TrustItem[] {
  // The bold words short enough for one line of the strip, each line whole in itself: "Regulated by
  // the Central Bank" over "of Ireland, reference …" read as a phrase broken by accident.
  const items: TrustItem[] = [{ icon: 'landmark', strong: 'Regulated in Ireland', text: `Central Bank reference ${facts.centralBankReference}` }];
  if (trust.founded !== null && trust.yearsTrading !== null)
    items.push(
      trust.yearsTrading >= 2
        ? { icon: 'calendar-check', strong: `${trust.yearsTrading} years in business`, text: `since ${trust.founded}` }
        : { icon: 'calendar-check', strong: `Trading since ${trust.founded}`, text: '' },
    );
  if (trust.reviews) items.push({ icon: 'star', strong: `Rated ${ratingText(trust.reviews.rating)} out of 5`, text: reviewsText(trust.reviews) });
  if (trust.memberships.length) items.push({ icon: 'badge-check', strong: `Member of ${trust.memberships.map((m) => m.name).join(' and ')}`, text: '' });
  if (trust.insurers.length)
    items.push({ icon: 'shield-check', strong: `${trust.insurers.length} ${trust.insurers.length === 1 ? 'insurer' : 'insurers'}`, text: 'on our panel' });
  items.push({ icon: 'siren', strong: 'Claims help', text: `call ${facts.claimsPhone}` });
  return items;
}

/** The broker's record's heading and its id (TrustPanel.astro), which About us lists in its "On this page". */
export const TRUST_PANEL_HEADING = 'Why businesses choose us';
export const TRUST_PANEL_HEADING_ID = 'trust-panel-heading';

/** Whether the broker's record (TrustPanel.astro) has anything to show: a rating, a quote or an insurer. */
export const hasTrustRecord = (trust: TrustFacts): boolean => Boolean(trust.reviews) || trust.quotes.length > 0 || trust.insurers.length > 0;

/** The page a quote praises, as a path ("/van-insurance"), or null for one about the business as a whole. */
const coverPathOf = (quote: ReviewQuote): string | null => quote.cover?.trim().replace(/\/+$/, '').toLowerCase() || null;

/** The quotes about the cover a page describes (their `cover` is its path, such as "/van-insurance"). */
export const quotesAbout = (quotes: readonly ReviewQuote[], path: string): ReviewQuote[] => quotes.filter((quote) => coverPathOf(quote) === path);

/** The pages about the business as a whole, which share out the quotes between them, in this order. */
export const GENERAL_QUOTE_PAGES = ['/', '/about-us'] as const;
/** The most quotes one page shows: up to three read as voices in one row (TrustPanel.astro), four as a wall. */
export const QUOTES_PER_PAGE = 3;

/**
 * Which page shows which quote, so that no words appear on two pages: a page about a cover
 * keeps up to three of the quotes about it; the home page and About us deal out the rest in
 * turn (quotes with no cover page of their own first, then those a cover page has no room
 * for). A home page left with none borrows one cover quote, the last configured, and that
 * quote's page then does without it (its record shows the rating alone).
 */
function dealQuotes(quotes: readonly ReviewQuote[]): { general: ReviewQuote[][]; onCovers: ReviewQuote[] } {
  const perCover = new Map<string, number>();
  const kept = quotes.filter((quote) => {
    const cover = coverPathOf(quote);
    if (!cover) return false;
    perCover.set(cover, (perCover.get(cover) ?? 0) + 1);
    return (perCover.get(cover) ?? 0) <= QUOTES_PER_PAGE;
  });
  const spare = [...quotes.filter((quote) => !coverPathOf(quote)), ...quotes.filter((quote) => coverPathOf(quote) && !kept.includes(quote))];
  const general = GENERAL_QUOTE_PAGES.map((_, turn) => spare.filter((_, index) => index % GENERAL_QUOTE_PAGES.length === turn).slice(0, QUOTES_PER_PAGE));
  const borrowed = general[0]?.length === 0 ? kept.at(-1) : undefined;
  if (borrowed) general[0]?.push(borrowed);
  return { general, onCovers: kept.filter((quote) => quote !== borrowed) };
}

/** The quotes a page shows (dealQuotes): the same content always gives a page the same quotes, and no two pages the same one. */
export function quotesForPage(quotes: readonly ReviewQuote[], path: string): ReviewQuote[] {
  const { general, onCovers } = dealQuotes(quotes);
  const turn = GENERAL_QUOTE_PAGES.indexOf(path as (typeof GENERAL_QUOTE_PAGES)[number]);
  return turn >= 0 ? (general[turn] ?? []) : quotesAbout(onCovers, path);
}

export const ratingText = (rating: number) => rating.toFixed(1);

/** "from 126 reviews on Google", or "on Google" without a count. */
export const reviewsText = ({ count, source }: Reviews) =>
  `${count ? `from ${count.toLocaleString('en-IE')} ${count === 1 ? 'review' : 'reviews'} ` : ''}on ${source}`;
