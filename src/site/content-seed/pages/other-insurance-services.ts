import { faqList, faqsByQuestion } from './faqs.ts';
import { heroPicture, markdown, page, section, text } from '../define.ts';

export const otherInsuranceServices = page(
  '/other-insurance-services',
  'Other insurance services',
  section(
    'Intro',
    text('Eyebrow', 'Business insurance'),
    text('Heading', 'Other business insurance'),
    text('Lead', 'Vehicle insurance rarely covers everything a working business needs. We arrange these covers alongside it.'),
    text(
      'Overview heading',
      'Covers we arrange',
      'The heading over the opening words and the links down to each cover on the page (one for each "##" heading of the text).',
    ),
    heroPicture(),
  ),
  section(
    'Body',
    markdown(
      'Text',
      `Our speciality is commercial vehicles, and most of our clients come to us for van, fleet or truck cover. Once we understand how your business runs, gaps often show up: the load on the truck, the tools in the van, the yard the vehicles return to at night. We arrange the covers below for clients alongside their vehicle insurance. Not every business needs all of them, and we will tell you which ones are worth considering and which you may already have.

## Goods in transit

A motor policy covers the vehicle, not what it carries. Goods in transit insurance covers loss of or damage to goods while they are being loaded, carried and unloaded, including theft from the vehicle and damage in an accident.

- **Own goods**: your own stock, materials or equipment, for their value.
- **Hire and reward**: your legal liability for customers’ goods under your conditions of carriage, including CMR liability for international haulage.

Expect questions about the highest value on any one vehicle, the type of goods and how vehicles are secured when parked. Refrigerated loads can be covered for spoilage if the refrigeration unit breaks down.

## Tools and plant

Tools and equipment insurance covers theft of and damage to your kit on site, in storage and in the van, at a higher limit than the tools extension on a van policy. Plant insurance does the same for machinery such as mini-diggers, dumpers, teleporters, compressors and generators.

- **Own plant**: machines you own, insured for their value.
- **Hired-in plant**: machines you hire, where the hire agreement usually makes you responsible for loss or damage, and often for the hire charges while a replacement is found.

Security conditions such as immobilisers, trackers and locked compounds are common, especially for plant left on site overnight.

## Motor trade and road risks

Garages, mechanics, body shops, valeters, vehicle dealers and recovery operators drive vehicles they do not own. Motor trade road risks insurance covers named people to drive customers’ vehicles and stock for business purposes, such as road tests, deliveries and collections. It can be combined with cover for the premises, tools, and customers’ vehicles left in your care.

## Commercial property

Commercial property insurance covers buildings, contents, stock and equipment at your yard, workshop, unit or office against fire, flood, storm, escape of water, theft and other listed events.

- Insure buildings for the full cost of rebuilding, including site clearance and professional fees, not the market value.
- If you rent, check the lease to see whether you or the landlord must insure the building.
- Under-insurance can reduce a claim in proportion, so review values each year.

## Business interruption

If a fire or flood stops you trading, property insurance pays for the damage but not the income you lose. Business interruption insurance covers lost gross profit and the extra costs of keeping going, such as renting a temporary unit or hiring vehicles, for an indemnity period you choose. Pick a period long enough to rebuild, re-equip and win back customers; for many businesses that is longer than twelve months.

## Professional indemnity

Professional indemnity insurance covers claims that your advice, design or professional service was negligent and caused a client financial loss. It matters to businesses that design as well as build, such as engineers, surveyors and design-and-build contractors, and to consultants and managers in the transport and logistics sector. Public liability does not cover these claims.

## Cyber insurance

Most businesses now hold customer data, take online payments and depend on email and cloud systems. Cyber insurance can cover the cost of responding to a data breach or ransomware attack, restoring systems, lost income while systems are down, and claims from people whose data was exposed. Under the GDPR, many personal data breaches must be reported to the Data Protection Commission within 72 hours of your becoming aware of them, and most cyber policies include access to specialists who help with that response.

## Public and employers’ liability

Cover for injury to the public, damage to their property and injury to your own staff is explained on our [public liability insurance](/public-liability-insurance) page.`,
    ),
  ),
  section(
    'Call to action',
    text('Heading', 'Talk to us about other business insurance'),
    markdown(
      'Text',
      'Tell us about your business, the vehicles you run and any contracts you are working on, and we will explain which covers are worth considering. We arrange them with the same care as your vehicle insurance, and you keep one point of contact for all of it.',
    ),
    text('Call button', 'Call {salesPhone}'),
    text('Email button', 'Email us'),
    text('Hours', 'Lines are open {openingHours}.'),
  ),
  section(
    'FAQs',
    text('Heading', 'Questions we are often asked'),
    faqList('Questions', faqsByQuestion('Does public liability insurance cover my own tools and equipment?', 'Do I need employers’ liability insurance?')),
    markdown('More', 'More answers on our [frequently asked questions](/faqs) page.'),
  ),
);
