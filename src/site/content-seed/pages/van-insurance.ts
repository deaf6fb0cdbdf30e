import { faqList, faqsByQuestion } from './faqs.ts';
import { heroPicture, keyFacts, markdown, page, section, text } from '../define.ts';
import { howItWorks, whoItIsFor } from '../product-modules.ts';

export const vanInsurance = page(
  '/van-insurance',
  'Van insurance',
  section(
    'Intro',
    text('Eyebrow', 'Van insurance'),
    text('Heading', 'Van insurance in Ireland'),
    text('Lead', 'Cover for the van your business runs on, whether you are a sole trader with one van or a company with a few.'),
    text('Quote button', 'Get a van insurance quote'),
    heroPicture(),
  ),
  section(
    'Key facts',
    text('Heading', 'At a glance'),
    keyFacts('Facts', [
      { icon: 'shield', text: 'Choose third party only, third party fire and theft, or comprehensive cover.' },
      { icon: 'van', text: 'Declare how the van is really used: own goods, hire and reward, or courier work.' },
      { icon: 'badge-percent', text: 'Your no-claims discount, penalty points and where the van sleeps all shape the price.' },
      { icon: 'hammer', text: 'Tools in the van and signwriting need to be mentioned up front.' },
    ]),
  ),
  whoItIsFor('Who it is for', [
    { icon: 'hammer', title: 'Tradespeople', text: 'Builders, electricians, plumbers and other trades carrying their own tools and materials.' },
    { icon: 'package', title: 'Couriers and delivery drivers', text: 'Self-employed multi-drop drivers and couriers working for a delivery platform.' },
    { icon: 'store', title: 'Shops and wholesalers', text: 'Businesses delivering the goods they sell, from food to building supplies.' },
    { icon: 'wrench', title: 'Mobile services', text: 'Mechanics, caterers, cleaners and others who work from the van itself.' },
  ]),
  howItWorks('How it works', [
    {
      title: 'Tell us about the van and its drivers',
      text: 'Fill in the van quote form, which takes about ten minutes, or call us. Have the registration, each driver’s licence details and your no-claims proof to hand.',
    },
    {
      title: 'We compare insurers for you',
      text: 'We take your details to the insurers that quote for your trade and class of use, and compare cover, excess and conditions as well as price.',
    },
    {
      title: 'You choose, we arrange it',
      text: 'We explain the options, arrange the one you pick and send your documents. We stay with you for changes during the year, claims and renewal.',
    },
  ]),
  section(
    'Body',
    markdown(
      'Text',
      `## How you use the van, and why it matters

Insurers price van cover by class of use, and the class on your policy has to match what the van is actually doing on every journey.

### Social, domestic and pleasure

Most van policies include social, domestic and pleasure use, along with commuting, so you can use the van outside work. Check it is there if the van is also the family vehicle.

### Carriage of own goods

This is the usual cover for tradespeople: carrying your own tools, equipment, stock and materials, and delivering goods your business has sold. You are not being paid to carry the goods themselves.

### Hire and reward, courier and delivery work

If someone pays you to carry goods that belong to them, that is hire and reward. Courier and multi-drop parcel work is usually rated separately again, because vans doing it cover more ground and make many more stops. Many own-goods policies specifically exclude it.

### If the use is wrong

If you have an accident while doing work your policy does not cover, the insurer can refuse to pay for damage to your own van. It must still deal with an injured third party, but it may then seek to recover that money from you.

## Levels of cover

| What is covered | Third party only | Third party, fire and theft | Comprehensive |
| --- | --- | --- | --- |
| Injury to other people, including your passengers | Yes | Yes | Yes |
| Damage to other people’s property | Yes | Yes | Yes |
| Your van, if it is stolen or damaged by fire | No | Yes | Yes |
| Accidental damage to your own van | No | No | Yes |

Third party only is the legal minimum under the Road Traffic Acts. Comprehensive often includes windscreen cover, and it is not always much dearer than the lower levels, so we compare all three, along with the excess you would pay on each claim.

## Drivers

### Named drivers or any driver

Most single-van policies name each driver, and each one’s age, licence, experience, points and claims affect the price. Some insurers offer any-driver cover with a minimum age, which suits staff sharing a van. With three or more vehicles, [fleet insurance](/fleet-insurance) is often the better fit.

### Penalty points

Insurers ask about penalty points and convictions for every driver. A few points may add a modest loading; more, or a serious conviction, can mean a higher excess or fewer insurers willing to quote. See [van insurance for convicted drivers](/van-insurance-for-convicted-drivers).

## No-claims discount

Your no-claims discount (also called no-claims bonus) is earned for each year of claim-free driving on a policy held in your own name, and it is one of the biggest factors in your premium.

- **Protection**: for an extra premium, many insurers let you protect your discount so that one or two claims do not wipe it out. Your premium can still rise after a claim.
- **Company vans and fleets**: driving a company van or on an employer’s fleet earns no discount in your own name, but some insurers accept a letter from the employer or its insurer confirming how long you drove and any claims.
- **Car discount on a van**: some insurers recognise a discount earned on a private car; see our [frequently asked questions](/faqs).

Ask your current insurer for written proof of your discount before you move.

## Where the van is kept overnight

Insurers price by location, so we ask for the Eircode of the address where the van is actually kept overnight, which may not be your home, and whether it is in a locked garage or yard, on a driveway or on the street.

## Signwriting, racking and other changes

Signwriting, roof and ladder racks, internal racking, tow bars and tail-lifts are common and rarely a problem, but mention them. Engine remaps, lowered suspension and body kits can narrow the choice of insurer. Anything not declared when asked can lead to a claim being reduced or refused.

## Tools in the van

A van policy covers the van, not what is inside it. Tools cover can often be added for a set amount. Conditions are common: tools kept out of sight in a locked van, signs of forced entry, or no cover overnight unless the van is in a locked building or compound. For higher values, or cover on site as well, a separate tools and equipment policy from our [other insurance services](/other-insurance-services) may suit you better.

## What to have ready for a quote

- The van’s registration, or its make, model, year and value if you have not bought it yet.
- Your trade or business, and how the van is used.
- For each driver: date of birth, licence type and date issued, penalty points, convictions and claims in recent years.
- Proof of your no-claims discount, or a driving experience letter.
- The Eircode where the van is kept overnight, and how it is kept.
- Details of any modifications, signwriting and tools you want covered.
- Your current renewal date.`,
    ),
  ),
  section(
    'FAQs',
    text('Heading', 'Questions we are often asked'),
    faqList(
      'Questions',
      faqsByQuestion(
        'What do the classes of business use mean?',
        'Can I use my car no-claims discount on a van?',
        'Does my van policy cover the tools inside it?',
        'Why do you ask for my Eircode?',
      ),
    ),
    markdown('More', 'More answers on our [frequently asked questions](/faqs) page.'),
  ),
  section(
    'Call to action',
    text('Heading', 'Get a van insurance quote'),
    markdown(
      'Text',
      `Send us your details online and a broker will come back to you with prices from the insurers that suit your van and your work, or call us to talk it through.`,
    ),
    text('Button', 'Get a van insurance quote'),
  ),
);
