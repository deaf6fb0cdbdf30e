import { faqList, faqsByQuestion } from './faqs.ts';
import { heroPicture, keyFacts, markdown, page, section, text } from '../define.ts';
import { howItWorks, whoItIsFor } from '../product-modules.ts';

export const fleetInsurance = page(
  '/fleet-insurance',
  'Fleet insurance',
  section(
    'Intro',
    text('Eyebrow', 'Fleet insurance'),
    text('Heading', 'Fleet insurance for Irish businesses'),
    text('Lead', 'Insure two or more commercial vehicles on one policy, with one renewal date and one point of contact.'),
    text('Quote button', 'Get a fleet insurance quote'),
    heroPicture(),
  ),
  section(
    'Key facts',
    text('Heading', 'At a glance'),
    keyFacts('Facts', [
      { icon: 'fleet', text: 'Most insurers offer fleet cover from two or three vehicles, depending on the insurer.' },
      { icon: 'users', text: 'Choose any-driver cover with a minimum age, or cover for named drivers.' },
      { icon: 'chart-no-axes-column', text: 'The fleet is priced on your business’s claims experience, not each driver’s no-claims discount.' },
      { icon: 'list-checks', text: 'Add and remove vehicles during the year on one fleet schedule.' },
    ]),
  ),
  whoItIsFor('Who it is for', [
    {
      icon: 'building-2',
      title: 'Businesses with two or more vehicles',
      text: 'One policy and one renewal date instead of a policy for every van, car or truck.',
    },
    { icon: 'fleet', title: 'Mixed fleets', text: 'Vans, cars, pick-ups and trucks on the same policy, each rated for how it is used.' },
    { icon: 'users', title: 'Shared vehicles', text: 'Companies whose staff swap vehicles, with any-driver cover subject to age and licence rules.' },
    { icon: 'trending-up', title: 'Growing fleets', text: 'Vehicles added and removed during the year, adjusted on the policy as you go.' },
  ]),
  howItWorks('How it works', [
    {
      title: 'Send us your vehicle schedule',
      text: 'Use the fleet quote form and upload your list of vehicles, or email it. Add your claims record for the last three to five years.',
    },
    {
      title: 'We present your fleet to insurers',
      text: 'Fleets are priced on their own record, so we explain how you manage drivers and vehicles to the insurers that suit your fleet.',
    },
    {
      title: 'One policy, one renewal date',
      text: 'You choose the option that suits you, and we handle vehicles added or removed, claims and the review before every renewal.',
    },
  ]),
  section(
    'Body',
    markdown(
      'Text',
      `## How many vehicles make a fleet

Fleet insurance suits any business that runs several vehicles: a building contractor with a handful of vans, a delivery company, a hire business, a local authority contractor or a haulier. Some insurers will write a fleet from two vehicles; others start at three, or at five for certain trades. If you run only one or two vans, separate [van insurance](/van-insurance) policies can still be the better value. We compare both where it makes sense.

## How a fleet policy works

### One policy, one renewal date

Every vehicle is covered by one policy that renews on one date. You deal with one set of documents, one payment schedule and one broker, instead of tracking renewals spread across the year.

### The fleet schedule

The vehicles are listed on a fleet schedule: registration, make and model, type of body, weight, value, the level of cover and how each one is used. Keeping it accurate matters. A vehicle left off the schedule, or listed with the wrong use, may not be covered the way you expect.

### Changes during the year

When you buy, sell or replace a vehicle, tell us and we arrange a mid-term adjustment. The insurer charges or refunds premium for the rest of the policy year. Some larger fleets are insured on terms that automatically cover newly acquired vehicles for a short period, with the premium settled when they are declared; the policy wording sets the time limit, so tell us promptly either way.

## Who can drive

### Any driver, with a minimum age

Any-driver cover lets anyone you authorise drive the fleet, provided they meet the policy’s conditions. The usual condition is a minimum age, commonly 21, 25 or 30; the higher the age, the lower the premium tends to be. Younger drivers can often be added by name at an extra cost. Insurers also set conditions on the licence held and may need to be told about drivers with more than a few penalty points or a serious conviction.

### Named drivers

A named-driver fleet lists every person who may drive. It can cost less where the same people drive the same vehicles, but you must tell us before anyone new gets behind the wheel.

## Claims experience instead of no-claims discount

Fleets are not rated on individual no-claims discounts. Insurers look at the claims experience of the whole fleet, usually over the last three to five years: how many claims there were, what they cost, whether any are still open, and how the number compares with the size of the fleet. A fleet with few claims can see that reflected in its price.

Ask your current insurer or broker for a claims experience report well before renewal. If you are setting up a fleet for the first time, the insurer will look at the drivers’ own records instead.

Drivers do not earn a no-claims discount in their own name on a fleet policy. If a driver leaves and needs their own insurance, a letter confirming their time driving for you and any claims involving them can help them get a fair price elsewhere.

## Managing driver risk

The Health and Safety Authority treats driving for work like any other work activity, so employers are expected to manage it. Insurers also look at how well a fleet is run. Good practice includes:

- Checking each driver’s licence, categories and penalty points when they join and at regular intervals.
- A written driving-for-work policy covering mobile phones, fatigue, speed and vehicle checks.
- Servicing records and up-to-date CVRT certificates for every vehicle that needs one.
- A clear procedure for reporting accidents and damage the same day.
- Telematics, to spot harsh braking, speeding and unnecessary mileage, and to coach drivers.
- Forward-facing or multi-camera dashcams, which can settle disputes about who was at fault.

Some insurers take telematics and dashcam data into account. Fast reporting helps as well: claims notified early are easier to defend and tend to cost less.

## Covers to arrange alongside

- **Goods in transit**: the fleet policy covers the vehicles, not the goods they carry.
- **Employers’ and public liability**: for injury to staff or the public outside the scope of the motor policy; see [public liability insurance](/public-liability-insurance).
- **Tools and equipment**: for kit carried in the vans and used on site.
- **Breakdown and recovery**: so a broken-down vehicle is moved and back on the road quickly.

We can arrange these alongside the fleet policy; our [other insurance services](/other-insurance-services) page explains each one.

## What to send us for a quote

- Your current fleet schedule, or a list of vehicles with registration, type, weight, value and use.
- Claims experience from your current insurer, ideally for three to five years.
- The driving arrangement you want: any driver with a minimum age, or named drivers with their details.
- What the vehicles carry and where they operate, and whether any are used for hire and reward.
- Any telematics, dashcams or driver risk management you already use.
- Your current renewal date.`,
    ),
  ),
  section(
    'FAQs',
    text('Heading', 'Questions we are often asked'),
    faqList(
      'Questions',
      faqsByQuestion(
        'When do I need fleet insurance instead of separate policies?',
        'Can any of my employees drive our vans?',
        'Can a driver with a licence from another country be covered?',
      ),
    ),
    markdown('More', 'More answers on our [frequently asked questions](/faqs) page.'),
  ),
  section(
    'Call to action',
    text('Heading', 'Get a fleet insurance quote'),
    markdown(
      'Text',
      `Send us your fleet schedule and claims experience online and a broker will come back to you, or call us to talk through what your fleet needs.`,
    ),
    text('Button', 'Get a fleet insurance quote'),
  ),
);
