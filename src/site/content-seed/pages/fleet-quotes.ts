import { list, markdown, page, section, text } from '../define.ts';

export const fleetQuote = page(
  '/fleet-insurance-quotes',
  'Fleet quote',
  section(
    'Intro',
    text('Heading', 'Get a fleet insurance quote'),
    text('Lead', 'Send us your fleet schedule and claims experience and a broker will come back to you.'),
    text('Call button', 'Call {salesPhone}'),
    text('Email button', 'Email us'),
    text('Form heading', 'Fleet insurance quote form'),
  ),
  section(
    'Checklist',
    list(
      'Groups',
      [
        {
          heading: 'Your fleet schedule',
          points:
            'For each vehicle: registration, make, model, year, value and gross vehicle weight\nThe type of use: carriage of own goods, or hire and reward with your operator licence number\nWhere the vehicles are kept overnight, with Eircodes',
        },
        {
          heading: 'Your drivers and claims experience',
          points:
            'Whether you want any-driver or named-driver cover, and the youngest driver’s age\nHow you check licences and penalty points for new and existing drivers\nClaims experience for the last three to five years, from your current insurer\nYour current renewal date',
        },
      ],
      'Each group: a heading and its points, one a line.',
    ),
  ),
  section(
    'Talk to us',
    text('Heading', 'Prefer to talk to someone?'),
    markdown(
      'Text',
      `Email the schedule and claims experience to [{salesEmail}]({salesEmailHref}), or call [{salesPhone}]({salesPhoneHref}) ({openingHours}) to talk it through. A spreadsheet is fine. Our [quotation assumptions](/online-quotation-assumptions) and [privacy statement](/privacy-statement) say how we quote and what we do with your details.`,
    ),
  ),
);
