import { heroPicture, page, section, text } from '../define.ts';

/**
 * The contact page's words. The numbers, address and hours themselves are site facts (the
 * page reads them from the configuration), so a broker changes a phone number in one place.
 * The complaints and data protection cards show only when their addresses are configured.
 */
export const contactUs = page(
  '/contact-us',
  'Contact us',
  section(
    'Intro',
    text('Eyebrow', 'Talk to a broker'),
    text('Heading', 'Contact us'),
    text(
      'Lead',
      'Talk to a broker about a quote, a renewal, a change to your policy or a claim. Call, email, call in to the office or ask us to call you back.',
    ),
    text('Callback button', 'Request a callback'),
    text('Call button', 'Call {salesPhone}'),
    heroPicture(),
  ),
  section(
    'Ways to reach us',
    text('Heading', 'Ways to reach us'),
    text('Sales label', 'Quotes, renewals and policy changes'),
    text('Claims label', 'Claims'),
    text('Email label', 'Email'),
    text('Email text', 'We reply within one working day.'),
    text('Claims email label', 'Claims by email', 'Shown only when a claims address is set (CLAIMS_EMAIL).'),
    text('Claims email text', 'Claim forms, photos and letters about a claim.'),
    text('Renewals email label', 'Renewals by email', 'Shown only when a renewals address is set (RENEWALS_EMAIL).'),
    text('Renewals email text', 'Renewal notices, and changes before your policy renews.'),
    text('Complaints label', 'Complaints'),
    text('Complaints text', 'We acknowledge every complaint in writing within 5 business days.'),
    text('Data protection label', 'Data protection'),
    text('Data protection text', 'Questions about your personal data, or a request to see, correct or erase it.'),
    text('Hours label', 'Opening hours'),
    text('Hours text', 'Outside these hours, ask for a callback and we will ring you on the next working day.'),
  ),
  section(
    'Office',
    text('Heading', 'Visit our office'),
    text('Text', 'Call in during our opening hours. Please ring ahead if you would like to meet a particular broker.'),
    text('Directions link', 'Get directions', 'The link under the drawn map: it opens the office address on OpenStreetMap.'),
  ),
  section(
    'Callback',
    text('Heading', 'Request a callback'),
    text('Text', 'Leave your name, email and phone number, choose a subject and tell us what you would like to talk about, and a broker will call you back.'),
  ),
);
