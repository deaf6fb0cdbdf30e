import type { ContentFieldType } from '#src/schemas/content.ts';
import { SEARCH_ELEMENTS, SEARCH_SECTION } from '#src/schemas/search-listing.ts';

/**
 * The shape of the site's seeded copy: one file per page, each naming the page's path, its
 * root section ('Van insurance') and the sections under it ('Intro', 'Key facts', …) with their
 * elements. The same data seeds a fresh install and tells the build which sections a page reads.
 */
export type SeedElement = { name: string; fieldType: ContentFieldType; value: unknown; config: Record<string, string> };
export type SeedSection = { name: string; elements: SeedElement[] };
/** `alsoAt`: other paths showing the same copy (the four quote thank-you pages). */
export type SeedPage = { path: string; alsoAt: readonly string[]; root: string; sections: SeedSection[] };

export type KeyFact = { icon: string; title?: string; text: string };

const element = (fieldType: ContentFieldType, name: string, value: unknown, hint?: string, fields?: readonly string[]): SeedElement => ({
  name,
  fieldType,
  value,
  config: { ...(hint ? { hint } : {}), ...(fields ? { fields: fields.join(',') } : {}) },
});

/** Site facts inside a text: {salesPhone}, {salesPhoneHref}, {claimsPhone}, {salesEmail}, {openingHours}, {brand}… (src/site/content-facts.ts). */
const FACTS_HINT = 'Site facts such as {salesPhone} or {openingHours} are filled in from the settings when the site is built.';

/** A line of text; the hint tells staff what it is for (and what leaving it empty does). */
export const text = (name: string, value: string, hint?: string) => element('text', name, value, hint);
export const longText = (name: string, value: string, hint?: string) => element('longText', name, value, hint);
export const markdown = (name: string, value: string) => element('markdown', name, value, FACTS_HINT);
export const link = (name: string, url: string, label: string) => element('link', name, { url, label });
/** A picture staff may choose from the media library; until they do, the page shows its own. */
export const image = (name: string, hint = "Choose a picture from the media library; until one is chosen the page shows the site's own illustration.") =>
  element('image', name, { mediaId: '', alt: '' }, hint);
/**
 * The picture of a page's intro (its Intro section's Picture): until staff choose one, the page
 * shows its own illustration. Beside the heading from 1024 px; on a phone after the buttons,
 * cropped to a wide strip about its centre.
 */
export const heroPicture = () =>
  image(
    'Picture',
    "Choose a picture from the media library; until one is chosen the page shows the site's own illustration. On a phone it is cropped to a wide strip about its centre, so keep the subject in the middle.",
  );
/** `fields` names an entry's fields, so the editor offers them while the list is still empty. */
export const list = (name: string, entries: Record<string, string>[], hint: string, fields?: readonly string[]) => element('list', name, entries, hint, fields);

/** Key facts: one icon (a Lucide name, https://lucide.dev/icons), an optional title and the fact. */
export const keyFacts = (name: string, facts: KeyFact[]) =>
  list(name, facts, 'Each key fact: icon (a Lucide icon name such as truck), an optional title, and text.');

export const section = (name: string, ...elements: SeedElement[]): SeedSection => ({ name, elements });

export { SEARCH_ELEMENTS, SEARCH_SECTION } from '#src/schemas/search-listing.ts';

const searchSection = (): SeedSection =>
  section(
    SEARCH_SECTION,
    element('text', SEARCH_ELEMENTS.title, '', "Leave empty to keep the page's usual title. About 60 characters show in search results."),
    element('longText', SEARCH_ELEMENTS.description, '', "Leave empty to keep the page's usual description. About 155 characters show."),
    element('boolean', SEARCH_ELEMENTS.hidden, false, 'Yes keeps the page out of search results and out of the sitemap.'),
    element(
      'image',
      SEARCH_ELEMENTS.image,
      { mediaId: '', alt: '' },
      "Shown when the page is shared; 1200 × 630 pixels suits every network. Empty: the site's own card.",
    ),
    element(
      'text',
      SEARCH_ELEMENTS.canonical,
      '',
      "Leave empty: the page's own address. Only when this page repeats another, that page's address (/van-insurance or https://…): search engines then list that one.",
    ),
  );

/** A page of the site, with its search and sharing section last. */
export const page = (path: string, root: string, ...sections: SeedSection[]): SeedPage => ({
  path,
  alsoAt: [],
  root,
  sections: [...sections, searchSection()],
});

/** The same copy at more paths. */
export const alsoAt = (seed: SeedPage, ...paths: string[]): SeedPage => ({ ...seed, alsoAt: paths });
