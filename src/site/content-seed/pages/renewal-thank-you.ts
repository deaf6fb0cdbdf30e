import { markdown, page, section, text } from '../define.ts';

export const renewalThankYou = page(
  '/renewal-thank-you',
  'Renewal thank you',
  section(
    'Intro',
    text('Eyebrow', 'Request received'),
    text('Heading', 'Thank you for your renewal request'),
    text('Lead', 'We have your renewal details and will review your cover before your renewal date.'),
  ),
  section(
    'Body',
    markdown(
      'Text',
      `## What happens next

A broker will contact you within one working day, during our opening hours ({openingHours}), to confirm the details, go through the renewal terms and tell you about any other options we have found. If your renewal date is only days away, tell us when we call so that there is no gap in cover.

## Something else has changed?

If you have remembered a new driver, vehicle, claim or penalty points, call [{salesPhone}]({salesPhoneHref}) or email [{salesEmail}]({salesEmailHref}) so that the insurer has the full picture.

[Back to the home page](/)`,
    ),
  ),
);
