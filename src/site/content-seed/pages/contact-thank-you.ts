import { markdown, page, section, text } from '../define.ts';

export const contactThankYou = page(
  '/contact-thank-you',
  'Contact thank you',
  section('Intro', text('Eyebrow', 'Message received'), text('Heading', 'Thank you for contacting us'), text('Lead', 'We have your message.')),
  section(
    'Body',
    markdown(
      'Text',
      `## What happens next

A broker will contact you within one working day, during our opening hours ({openingHours}), using the phone number or email address you gave us. If you asked about a vehicle or a driver’s record, it helps to have the registration, licence details and any penalty points or claims to hand when we call.

## While you wait

Our [frequently asked questions](/faqs) answer common questions about no-claims discount, penalty points and business use, and our [quotation assumptions](/online-quotation-assumptions) explain what a quotation takes for granted unless you tell us otherwise.

## Need us sooner?

Call [{salesPhone}]({salesPhoneHref}). To report an accident or claim, call our claims line on [{claimsPhone}]({claimsPhoneHref}).

[Back to the home page](/)`,
    ),
  ),
);
