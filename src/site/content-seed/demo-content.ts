import { aboutUs } from './pages/about-us.ts';
import { TRUST_SECTION, teamMemberSection } from './trust.ts';

/**
 * The demonstration broker's trust facts and team: what a development or test install seeds
 * instead of the empty values, so the pages show them filled. Never seeded in production
 * (`DEMO_CONTENT`, src/server/config.ts): a broker's live site names only its own facts. No
 * photos: the team shows initials rather than pictures of people who do not exist.
 * Keyed by section name path, then element name.
 */
const about = aboutUs.root;

export const demoContent: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  [`${about}/${TRUST_SECTION}`]: {
    Founded: '2009',
    'Review rating': '4.8',
    'Review count': '126',
    'Review source': 'Google',
    Memberships: [{ name: 'Brokers Ireland', link: 'https://www.brokersireland.ie' }],
    Insurers: ['Allianz', 'AXA', 'Aviva', 'FBD', 'RSA', 'Zurich'].map((name) => ({ name })),
  },
  [`${about}/${teamMemberSection(1)}`]: {
    Name: 'Niamh Brennan',
    Role: 'Director',
    About: 'Started the business in 2009 and still looks after our haulage and fleet customers herself.',
  },
  [`${about}/${teamMemberSection(2)}`]: {
    Name: 'Declan Moloney',
    Role: 'Account handler, vans and trades',
    About: 'Quotes and renews van and public liability cover for sole traders and small firms.',
  },
  [`${about}/${teamMemberSection(3)}`]: {
    Name: 'Aisling Quinn',
    Role: 'Claims handler',
    About: 'Takes your call after an accident and deals with the insurer until the claim is settled.',
  },
};
