import { image, list, longText, section, text, type SeedSection } from './define.ts';

/**
 * The broker's trust facts and team, kept on the About us page's content so staff edit them
 * on the Pages screen, and read from there by every page that shows them (src/site/trust.ts).
 * Every value starts empty: a fact is shown only once staff set it, never made up. A
 * development install fills them with the demonstration broker's (demo-content.ts).
 */
export const TRUST_SECTION = 'Trust';
export const TEAM_SECTION = 'Team';
export const REVIEWS_ELEMENT = 'Review quotes';
/** How many people the About us page can introduce: enough for a small broker's front desk. */
export const TEAM_SIZE = 4;
export const teamMemberSection = (n: number) => `Team member ${n}`;

export const trustSections = (): SeedSection[] => [
  section(
    TRUST_SECTION,
    text('Founded', '', 'The year the business started trading, such as 2009. Empty: years trading are not shown.'),
    text('Review rating', '', 'Your average rating out of 5, such as 4.8. Shown only with the review source.'),
    text('Review count', '', 'How many reviews the rating is from, such as 126. Empty: the rating is shown without a count.'),
    text('Review source', '', 'Where the reviews are, such as Google. Empty: no rating is shown.'),
    text('Review address', '', 'The web address of the reviews, so visitors can read them (https://…). Empty: no link.'),
    list('Memberships', [], 'Each membership: the name of the body (such as Brokers Ireland) and, if you like, a link to it. None: nothing is shown.', [
      'name',
      'link',
    ]),
    list('Insurers', [], 'Each insurer on your panel: its name as customers know it. None: the panel is not shown.', ['name']),
    list(
      REVIEWS_ELEMENT,
      [],
      'Each quote copied word for word from a real review: words, the reviewer’s first name (name), their town or business (place), where it was posted such as Google (source), if you like when (date, such as March 2026), and the cover it praises as the address of its page (cover, such as /van-insurance). A product page shows up to three about its cover; the home page and About us share the rest out, up to three each, so no two pages repeat the same words. None: no quotes are shown.',
      ['words', 'name', 'place', 'source', 'date', 'cover'],
    ),
  ),
  section(
    TEAM_SECTION,
    text('Heading', 'The people you deal with'),
    text('Lead', 'You deal with the same small team from your first quote to your claims and renewals.'),
  ),
  ...Array.from({ length: TEAM_SIZE }, (_, index) =>
    section(
      teamMemberSection(index + 1),
      text('Name', '', 'Their full name. Empty: this place on the team is not shown.'),
      text('Role', '', 'Their job, such as Account handler, fleet.'),
      longText('About', '', 'A sentence or two on what they look after.'),
      text('Email', '', 'Their work email address, so customers can write to them directly. Empty: their card gives no address.'),
      image('Photo', 'A photo of this person from the media library. Until one is chosen, their card shows their initials in a circle.'),
    ),
  ),
];
