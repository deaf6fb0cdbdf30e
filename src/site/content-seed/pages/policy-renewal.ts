import { list, markdown, page, section, text } from '../define.ts';

export const policyRenewal = page(
  '/policy-renewal',
  'Policy renewal',
  section(
    'Intro',
    text('Heading', 'Renew your policy'),
    text('Lead', 'Tell us what has changed and we will review your cover and your premium before your renewal date.'),
    text('Form heading', 'Policy renewal form'),
  ),
  section(
    'Checklist',
    list(
      'Groups',
      [
        {
          heading: 'From your renewal notice',
          points:
            'Your policy number\nThe renewal date and the premium offered\nThe date of birth of the policyholder, or a vehicle registration on the policy',
        },
        {
          heading: 'What has changed this year',
          points:
            'Vehicles bought, sold or replaced, and any modification\nDrivers who joined or left, and new penalty points or convictions\nAccidents, thefts and claims, even ones you did not claim for\nA new address, trade, turnover or way of using the vehicles',
        },
      ],
      'Each group: a heading and its points, one a line.',
    ),
  ),
  section(
    'Body',
    markdown(
      'Text',
      `## What happens at renewal

Your renewal notice arrives at least 20 working days before your policy is due to renew. When your renewal comes up, we:

- check the renewal terms, including any change to the excess, the limits or the cover itself;
- review whether your cover still matches your vehicles, drivers and the work you do;
- compare the renewal price with what other insurers will offer, where that is in your interest;
- explain any change in the price or the terms, and what you can do about it.

The 20 working days’ notice is set by the rules for non-life insurance renewals, which the Central Bank of Ireland supervises. The notice sets out the premium and terms for the coming year and shows the premium you paid for the year now ending, so you can see at a glance how the price has changed. If your insurer decides not to offer renewal, we will tell you in good time and look for cover elsewhere.

The Central Bank’s ban on “price walking”, which stops an insurer charging a long-standing customer more at renewal than an equivalent customer renewing for the first time, was introduced for private motor and home insurance held by consumers. Most commercial policies, such as fleet, truck and business liability insurance, are outside it, which is one more reason to have your renewal reviewed rather than let it run on. If your policy renews automatically, you can ask us to switch that off at any time.

## What to tell us before you renew

Please tell us about any of the following since your policy started or last renewed:

- a new, replaced or sold vehicle, a change of registration or value, and any modification;
- drivers who have joined or left, and any change to a driver’s licence;
- a change in how vehicles are used, for example moving from carrying your own goods to hire and reward, or into a new trade;
- a change of business or home address or Eircode, or of where vehicles are kept overnight;
- every accident, theft, loss or claim, including ones you did not claim for or that were not your fault;
- new penalty points, motoring convictions, disqualifications or pending prosecutions for any driver;
- for liability cover, any change in your turnover, wage roll, number of employees or the work you do.

The Consumer Insurance Contracts Act 2019 requires you to answer the insurer’s questions at renewal honestly and with reasonable care. An answer that is out of date can lead to a claim being reduced or refused, so if you are not sure whether something matters, tell us and we will check.

## Paying for your renewal

### Paying in one amount

Paying the full annual premium at renewal is the cheapest way to pay, because there is no credit charge. We will confirm the amount due and issue a receipt when you pay.`,
    ),
    text('Pay by card', 'Once we have confirmed the amount, you can pay by card:'),
    text('Pay by card, after the link', 'through our secure payment provider.'),
    markdown(
      'More',
      `### Paying monthly through premium finance

You can spread the cost of most policies over the year through a premium finance provider. This is a separate credit agreement between you and that provider, so paying monthly costs more than paying in one amount. Before you agree, we show you the cost of credit, the annual percentage rate (APR) and the total amount you will pay, side by side with the single-payment price. If a monthly payment is missed, the provider may ask the insurer to cancel your policy, so contact us straight away if you are having difficulty paying.

Read our [answers to common questions](/faqs) about renewals, payments and cancelling.`,
    ),
  ),
  section(
    'Call to action',
    text('Heading', 'Prefer to talk to someone?'),
    text('Call button', 'Call {salesPhone}'),
    text('Email button', 'Email us'),
    markdown(
      'Text',
      `Call us as soon as your renewal notice arrives, or earlier if something has changed, so there is time to review your cover and compare insurers without a gap in cover. Our lines are open {openingHours}.`,
    ),
  ),
);
