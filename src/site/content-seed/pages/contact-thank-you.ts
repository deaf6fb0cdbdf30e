import { page, section, text } from '../define.ts';
import { ASSUMPTIONS_LINK, brokerContacts, FAQ_LINK, moreText, nextSteps, whileYouWait } from '../thank-you.ts';

export const contactThankYou = page(
  '/contact-thank-you',
  'Contact thank you',
  section('Intro', text('Eyebrow', 'Message received'), text('Heading', 'Thank you for contacting us'), text('Lead', 'We have your message.')),
  nextSteps([
    { title: 'We have your message', text: 'Your message and how to reach you are with our brokers.' },
    brokerContacts('using the phone number or email address you gave us.'),
    {
      title: 'We talk it through',
      text: 'If you asked about a vehicle or a driver’s record, it helps to have the registration, licence details and any penalty points or claims to hand when we call.',
    },
  ]),
  whileYouWait([FAQ_LINK, ASSUMPTIONS_LINK]),
  moreText(`## Reporting a claim?

To report an accident or claim, call our claims line on [{claimsPhone}]({claimsPhoneHref}).`),
);
