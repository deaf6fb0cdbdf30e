import { list, markdown, page, section, text } from '../define.ts';

export const liabilityQuote = page(
  '/public-liability-insurance-quote',
  'Public liability quote',
  section(
    'Intro',
    text('Heading', 'Get a public liability insurance quote'),
    text('Lead', 'Public and employers’ liability quotes for trades and businesses in Ireland.'),
    text('Call button', 'Call {salesPhone}'),
    text('Email button', 'Email us'),
    text('Form heading', 'Public liability quote form'),
  ),
  section(
    'Checklist',
    list(
      'Groups',
      [
        {
          heading: 'About your business',
          points:
            'Your trade or business activity, and your business address with Eircode\nAnnual turnover, and how much of your work is done by subcontractors\nAny higher-risk work, such as work at height, work with heat or work on public roads\nClaims made against you in the last five years',
        },
        {
          heading: 'The cover you need',
          points:
            'The limit of indemnity your contracts ask for: typically €2.6m, or €6.5m for many public-body contracts\nFor employers’ liability: the number of employees and your annual wage roll\nAny contract wording that requires the client to be named as an indemnified party on the policy',
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
      `Call [{salesPhone}]({salesPhoneHref}) ({openingHours}) or email the details to [{salesEmail}]({salesEmailHref}), with a copy of any contract insurance requirements. See our [privacy statement](/privacy-statement).`,
    ),
  ),
);
