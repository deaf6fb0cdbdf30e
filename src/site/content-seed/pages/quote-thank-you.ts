import { alsoAt, markdown, page, section, text } from '../define.ts';

export const quoteThankYou = alsoAt(
  page(
    '/quote-thank-you',
    'Quote thank you',
    section('Intro', text('Eyebrow', 'Request received'), text('Lead', 'A broker is now working on your quotation.')),
    section(
      'Body',
      markdown(
        'Text',
        `## What happens next

A broker will contact you within one working day, during our opening hours ({openingHours}), to check your details and go through the prices and cover we have found for you. Nothing is insured until you accept a quotation and we confirm that your cover has started.

## If something changes

If you spot a mistake in what you sent, or need cover to start sooner, call us on [{salesPhone}]({salesPhoneHref}) or email [{salesEmail}]({salesEmailHref}). Correct information matters: every quotation is based on the answers you give.

[Back to the home page](/)`,
      ),
    ),
  ),
  '/quote-thank-fleet',
  '/quote-thank-truck',
  '/quote-thank-liability',
);
