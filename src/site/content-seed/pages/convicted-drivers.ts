import { faqList, faqsByQuestion } from './faqs.ts';
import { heroPicture, keyFacts, markdown, page, section, text } from '../define.ts';

export const convictedDrivers = page(
  '/van-insurance-for-convicted-drivers',
  'Convicted drivers',
  section(
    'Intro',
    text('Eyebrow', 'Convicted drivers'),
    text('Heading', 'Van insurance for convicted drivers'),
    text('Lead', 'Penalty points or a motoring conviction do not have to keep you off the road for work. We find insurers willing to quote.'),
    text('Quote button', 'Get a van insurance quote'),
    heroPicture(),
  ),
  section(
    'Key facts',
    text('Heading', 'At a glance'),
    keyFacts('Facts', [
      { icon: 'calendar-clock', text: 'Penalty points stay on your licence record for three years.' },
      { icon: 'scale', text: 'Some insurers decline drivers with points or convictions; others quote, often at a higher price or excess.' },
      { icon: 'file-check', text: 'You must answer an insurer’s questions about your record honestly and with reasonable care.' },
      { icon: 'trending-down', text: 'The effect on your premium fades with each year that passes without a new offence.' },
    ]),
  ),
  section(
    'Body',
    markdown(
      'Text',
      `## How penalty points work

Penalty points are added to your driver record when you pay a fixed charge notice or are convicted in court of certain road traffic offences. They stay on the record for three years.

- Reaching **12 points** within three years means an automatic six-month disqualification.
- For **learner permit holders and novice drivers**, the threshold is **7 points**.

Insurers ask about penalty points for every driver on the policy, and about any disqualification, usually over the last few years. Many also ask about motoring convictions in other countries, including Northern Ireland and Great Britain.

## Common offences and convictions

- **Speeding**: the most common reason for points. One speeding offence on its own is usually a small factor in the price.
- **Holding a mobile phone while driving**: treated seriously by insurers because of its link to distraction and collisions.
- **Careless or dangerous driving**: careless driving can bring points; dangerous driving is dealt with in court and can bring disqualification.
- **Driving without insurance**: a court offence that can bring a fine, points or disqualification, and one that many insurers weigh heavily for years.
- **Drink or drug driving**: almost always brings a disqualification, even at the lower alcohol limits, and narrows the choice of insurer more than any other offence.

## How insurers treat points and convictions

Every insurer has its own view of risk. In general, insurers look at:

- the type of offence, with drink driving, dangerous driving and driving uninsured at the serious end;
- how many points or convictions there are, and whether they form a pattern;
- how recent they are; and
- the rest of the picture: age, experience, claims, the van and how it is used.

The result might be a loading on the premium, a higher excess, a restriction such as no young drivers, or a decline. A decline from one insurer is not the end of the search: some insurers specialise in drivers with convictions.

If you are disqualified at the moment, you cannot legally drive until the disqualification ends. We can still talk about cover for the van with other named drivers, and about your own cover for when you are back on the road.

## Your duty to answer honestly

The Consumer Insurance Contracts Act 2019 requires you to answer the questions an insurer asks honestly and with reasonable care. The insurer must ask clear, specific questions, and you must answer them fully, including about points and convictions for every driver.

- If a wrong answer was careless, the insurer can reduce a claim in proportion to what it would have charged or done had it known the truth.
- If a wrong answer was deliberate or fraudulent, the insurer can refuse the claim and cancel the policy.
- Knowingly giving false information to obtain motor insurance can also be a criminal offence.

Many policies also ask you to report new points, convictions or pending prosecutions during the policy year. Check your policy, and tell us as soon as anything changes.

## Spent convictions

Under the Criminal Justice (Spent Convictions and Certain Disclosures) Act 2016, many District Court motoring convictions become spent seven years after the conviction, with dangerous driving limited to one conviction. A spent conviction generally does not have to be disclosed. The rules have conditions and exceptions, so if you are unsure whether a conviction is spent, check before you answer, and ask us if you want help reading an insurer’s question.

## How long convictions affect your premium

Most insurers ask about points and convictions over the last three to five years, and some ask about serious offences such as drink driving over a longer period. The loading usually reduces as an offence gets older and drops away once it falls outside the period the insurer asks about. Each year without a new offence or claim counts in your favour, so it is worth having your cover reviewed at every renewal.

## Ways to keep the cost down

- Keep the driver list short, and think carefully before adding young or inexperienced drivers.
- Choose a higher voluntary excess if you could afford to pay it after a claim.
- Keep the van overnight in a locked garage, yard or private driveway if you have one.
- Stick to a standard van: modifications and extra value narrow the choice further.
- Avoid gaps in cover. Continuous insurance helps with future prices.
- Pay in one amount if you can; paying by instalments usually costs more.
- Tell us when points expire or a conviction passes the insurer’s time limit, so the price can reflect it.
- Build a claim-free record: your no-claims discount still counts alongside your convictions.

Our [van insurance](/van-insurance) page explains the other factors that shape your price.`,
    ),
    markdown(
      'More',
      `## What to have ready

- Your driving licence, and those of any other drivers.
- For each offence: the date, what it was, the points or penalty, and any disqualification.
- Details of the van, how you use it and the Eircode where it is kept overnight.
- Proof of your no-claims discount, and details of any claims.`,
    ),
  ),
  section(
    'FAQs',
    text('Heading', 'Questions we are often asked'),
    faqList('Questions', faqsByQuestion('Do I have to declare penalty points and convictions?', 'Can I get van insurance with a motoring conviction?')),
    markdown('More', 'More answers on our [frequently asked questions](/faqs) page.'),
  ),
  section(
    'Callback',
    text('Heading', 'Request a callback'),
    text('Text', 'Leave your name, email and phone number, choose a subject and tell us about your record and your van, and a broker will call you back.'),
  ),
);
