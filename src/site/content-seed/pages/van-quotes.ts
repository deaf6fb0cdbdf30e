import { list, markdown, page, section, text } from '../define.ts';

export const vanQuote = page(
  '/van-insurance-quotes',
  'Van quote',
  section(
    'Intro',
    text('Heading', 'Get a van insurance quote'),
    text('Lead', 'Tell us about you, your van and how you use it, and a broker will come back to you with prices.'),
    text('Call button', 'Call {salesPhone}'),
    text('Email button', 'Email us'),
    text('Form heading', 'Van insurance quote form'),
  ),
  section(
    'Checklist',
    list(
      'Groups',
      [
        {
          heading: 'About you and your drivers',
          points:
            'Name, date of birth, occupation or trade, and your address with Eircode\nLicence type, country and the date it was issued, for you and each driver\nPenalty points, motoring convictions and claims for every driver\nProof of your no-claims discount (NCD) from your current insurer',
        },
        {
          heading: 'About the van and its use',
          points:
            'Registration, make, model, year and value, and any modifications\nWhere it is kept overnight\nWhether you carry your own goods or other people’s goods for payment (hire and reward)\nThe level of cover you want and the date it should start',
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
      `Call us on [{salesPhone}]({salesPhoneHref}) ({openingHours}), or email the details to [{salesEmail}]({salesEmailHref}) with a phone number and a good time to reach you. Our [quotation assumptions](/online-quotation-assumptions) and [privacy statement](/privacy-statement) say how we quote and what we do with your details.`,
    ),
  ),
);
