import { alsoAt, page, section, text } from '../define.ts';
import { ASSUMPTIONS_LINK, brokerContacts, FAQ_LINK, moreText, nextSteps, whileYouWait } from '../thank-you.ts';

export const quoteThankYou = alsoAt(
  page(
    '/quote-thank-you',
    'Quote thank you',
    section('Intro', text('Eyebrow', 'Request received'), text('Lead', 'A broker is now working on your quote.')),
    nextSteps([
      { title: 'We have your request', text: 'Your answers are with our brokers, who compare insurers for the cover you asked for.' },
      brokerContacts('to check your details and go through the prices and cover we have found for you.'),
      {
        title: 'You compare and choose',
        text: 'Take the quote that suits you, or none. Nothing is insured until you accept a quote and we confirm that your cover has started.',
      },
    ]),
    whileYouWait([ASSUMPTIONS_LINK, FAQ_LINK]),
    moreText(`## If something changes

If you spot a mistake in what you sent, or need cover to start sooner, call us on [{salesPhone}]({salesPhoneHref}) or email [{salesEmail}]({salesEmailHref}). Correct information matters: every quote is based on the answers you give.`),
  ),
  '/quote-thank-fleet',
  '/quote-thank-truck',
  '/quote-thank-liability',
);
