import { list, markdown, page, section, text } from '../define.ts';

export const truckQuote = page(
  '/truck-insurance-quotes',
  'Truck quote',
  section(
    'Intro',
    text('Heading', 'Get a truck insurance quote'),
    text('Lead', 'Tell us about your trucks, your operator licence, your drivers and the goods you carry.'),
    text('Call button', 'Call {salesPhone}'),
    text('Email button', 'Email us'),
    text('Form heading', 'Truck insurance quote form'),
  ),
  section(
    'Checklist',
    list(
      'Groups',
      [
        {
          heading: 'Vehicles and drivers',
          points:
            'Each truck’s registration, make, model, year, value and gross vehicle weight, and any trailers\nEach driver’s age, licence categories (C1, C or CE), Driver CPC and penalty points\nClaims experience for the last three to five years',
        },
        {
          heading: 'Your business and licence',
          points:
            'Whether you carry your own goods or work for hire and reward\nFor hire and reward: your road haulage operator licence number from the Department of Transport\nThe goods you carry, and whether any are hazardous, refrigerated or high value\nWhere you operate: within Ireland, to Northern Ireland and Britain, or further into Europe',
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
      `Call [{salesPhone}]({salesPhoneHref}) ({openingHours}) or email the details to [{salesEmail}]({salesEmailHref}). Our [quotation assumptions](/online-quotation-assumptions) and [privacy statement](/privacy-statement) say how we quote and what we do with your details.`,
    ),
  ),
);
