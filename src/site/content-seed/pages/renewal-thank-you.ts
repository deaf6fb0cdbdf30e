import { page, section, text } from '../define.ts';
import { brokerContacts, FAQ_LINK, moreText, nextSteps, whileYouWait } from '../thank-you.ts';

export const renewalThankYou = page(
  '/renewal-thank-you',
  'Renewal thank you',
  section(
    'Intro',
    text('Eyebrow', 'Request received'),
    text('Heading', 'Thank you for your renewal request'),
    text('Lead', 'We have your renewal details and will review your cover before your renewal date.'),
  ),
  nextSteps([
    { title: 'We have your renewal details', text: 'Your policy and what has changed are with our brokers, who review your cover before your renewal date.' },
    brokerContacts('to confirm the details, go through the renewal terms and tell you about any other options we have found.'),
    {
      title: 'You choose how to renew',
      text: 'Renew as you are or take one of the options. If your renewal date is only days away, tell us when we call so that there is no gap in cover.',
    },
  ]),
  whileYouWait([{ link: '/customer-care', title: 'Customer care', text: 'How to contact us, and how we handle a complaint.' }, FAQ_LINK]),
  moreText(`## Something else has changed?

If you have remembered a new driver, vehicle, claim or penalty points, call [{salesPhone}]({salesPhoneHref}) or email [{renewalsEmail}]({renewalsEmailHref}) so that the insurer has the full picture.`),
);
