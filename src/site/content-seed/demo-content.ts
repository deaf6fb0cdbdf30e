import { aboutUs } from './pages/about-us.ts';
import { REVIEWS_ELEMENT, TRUST_SECTION, teamMemberSection } from './trust.ts';

/**
 * The demonstration broker's trust facts and team: what a development or test install seeds
 * instead of the empty values, so the pages show them filled. Never seeded in production
 * (`DEMO_CONTENT`, src/server/config.ts): a broker's live site names only its own facts and
 * quotes. No photos: the team's cards carry no pictures of people who do not exist.
 * Keyed by section name path, then element name.
 */
const about = aboutUs.root;

/**
 * The demonstration team by what each looks after. The demonstration blog posts are signed by
 * the one whose work each covers (src/server/posts/seed-posts.ts), while About us names them.
 */
export const demoTeam = { director: 'Niamh Brennan', vans: 'Declan Moloney', claims: 'Aisling Quinn' } as const;

export const demoContent: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  [`${about}/${TRUST_SECTION}`]: {
    Founded: '2009',
    'Review rating': '4.8',
    'Review count': '126',
    'Review source': 'Google',
    Memberships: [{ name: 'Brokers Ireland', link: 'https://www.brokersireland.ie' }],
    Insurers: ['Allianz', 'AXA', 'Aviva', 'FBD', 'RSA', 'Zurich'].map((name) => ({ name })),
    // Demonstration quotes from made-up reviewers, beside the demonstration rating: a live site shows only its own.
    [REVIEWS_ELEMENT]: [
      {
        words: 'Declan found cover for our three vans when two insurers had turned us down, and explained every line of it.',
        name: 'Ciarán',
        place: 'a plumbing firm in Ennis',
        source: 'Google',
        date: 'March 2026',
        cover: '/van-insurance',
      },
      {
        words: 'After a lorry was hit in the yard, Aisling dealt with the insurer and the repairer. We were back on the road in a week.',
        name: 'Siobhán',
        place: 'a haulier in Limerick',
        source: 'Google',
        date: 'January 2026',
        cover: '/truck-insurance',
      },
      {
        words: 'Moving our eleven vans onto one fleet policy gave us one renewal date, and the premium came down at the first renewal.',
        name: 'Gráinne',
        place: 'a facilities company in Galway',
        source: 'Google',
        date: 'November 2025',
        cover: '/fleet-insurance',
      },
      {
        words: 'I needed €6.5m public liability to start on a council job on the Monday. The certificate was in my inbox by Friday afternoon.',
        name: 'Pádraig',
        place: 'an electrician in Clare',
        source: 'Google',
        date: 'February 2026',
        cover: '/public-liability-insurance',
      },
    ],
  },
  [`${about}/${teamMemberSection(1)}`]: {
    Name: demoTeam.director,
    Role: 'Director',
    About: 'Started the business in 2009 and still looks after our haulage and fleet customers herself.',
  },
  [`${about}/${teamMemberSection(2)}`]: {
    Name: demoTeam.vans,
    Role: 'Account handler, vans and trades',
    About: 'Quotes and renews van and public liability cover for sole traders and small firms.',
  },
  [`${about}/${teamMemberSection(3)}`]: {
    Name: demoTeam.claims,
    Role: 'Claims handler',
    About: 'Takes your call after an accident and deals with the insurer until the claim is settled.',
  },
};
