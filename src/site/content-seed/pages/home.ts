import { image, list, markdown, page, section, text } from '../define.ts';

export const home = page(
  '/',
  'Home',
  section(
    'Hero',
    text('Eyebrow', 'Irish commercial insurance broker'),
    text('Heading', 'Commercial vehicle and liability insurance for Irish businesses'),
    text('Lead', '{brand} arranges van, fleet, truck and public liability insurance with Irish insurers, and a broker stays with you from quote to claim.'),
    text('Quote button', 'Get a quote'),
    text('Callback button', 'Request a callback'),
    text('Picker heading', 'Or go straight to a quote form', 'Above the links to each quote form, under the buttons.'),
    image('Picture'),
  ),
  section(
    'What we insure',
    text('Heading', 'What we insure'),
    text('Lead', 'Choose your cover to read about it or to ask for a quote. A quote form takes about ten minutes, and a broker comes back to you with prices.'),
    text('Card link', 'Read more'),
    text('Quote button', 'Get a quote'),
    text('Callback button', 'Request a callback'),
    markdown('Renewal', 'Already insured with us? [Renew your policy](/policy-renewal) and tell us what has changed.'),
    list(
      'Cards',
      [
        {
          link: '/van-insurance',
          icon: 'van',
          title: 'Van insurance',
          text: 'Third party or comprehensive cover for tradespeople and businesses, for carriage of own goods or hire and reward.',
        },
        {
          link: '/fleet-insurance',
          icon: 'fleet',
          title: 'Fleet insurance',
          text: 'One policy and one renewal date for two or more commercial vehicles, with any-driver or named-driver cover.',
        },
        {
          link: '/truck-insurance',
          icon: 'truck',
          title: 'Truck insurance',
          text: 'Rigid trucks and articulated HGVs, for own-goods carriers and hauliers holding a road haulage operator licence.',
        },
        {
          link: '/public-liability-insurance',
          icon: 'hard-hat',
          title: 'Public liability insurance',
          text: 'Public and employers’ liability for trades and small businesses, at limits such as €2.6m or €6.5m.',
        },
        {
          link: '/non-standard-commercial-vehicle-insurance',
          icon: 'wrench',
          title: 'Non-standard vehicles',
          text: 'Imported, modified, high-value and specially bodied vans and trucks that standard policies turn down.',
        },
        {
          link: '/van-insurance-for-convicted-drivers',
          icon: 'scale',
          title: 'Convicted drivers',
          text: 'Van insurance for drivers with penalty points or motoring convictions, from insurers willing to quote.',
        },
      ],
      'Each card: link (a page of this site), icon (a Lucide icon name), title and text. A product with a quote form offers its form; the others a callback on their page.',
    ),
  ),
  section(
    'How it works',
    text('Heading', 'How it works'),
    list(
      'Steps',
      [
        {
          title: 'Tell us about your business',
          text: 'Send a quote request online or call us. We ask about your vehicles, your drivers, what you carry and the work you do, so the cover fits how the business really runs.',
        },
        {
          title: 'We compare insurers',
          text: 'We take your details to the insurers that suit your trade and vehicles, and explain the differences in cover, excess and conditions as well as price.',
        },
        {
          title: 'You choose, and we stay with you',
          text: 'You pick the option that suits you and we arrange it. After that we handle changes during the year, help with claims and review your cover before every renewal.',
        },
      ],
      'Each step: a title and a sentence or two.',
    ),
  ),
  section(
    'Who we help',
    text('Heading', 'Who we help'),
    list(
      'Cards',
      [
        {
          icon: 'hammer',
          title: 'Trades',
          text: 'Builders, electricians, plumbers, landscapers and other trades who rely on a van and need [public and employers’ liability](/public-liability-insurance) to win contracts.',
        },
        {
          icon: 'route',
          title: 'Hauliers',
          text: 'Own-account operators and licensed hire-and-reward hauliers running rigids and artics, with [truck insurance](/truck-insurance), goods in transit and CMR cover.',
        },
        {
          icon: 'building-2',
          title: 'Fleets',
          text: 'Businesses with several vans, cars or trucks that want one policy, one renewal date and [fleet insurance](/fleet-insurance) rated on their own claims record.',
        },
        {
          icon: 'package',
          title: 'Couriers and delivery drivers',
          text: 'Self-employed couriers and multi-drop drivers who need [van insurance](/van-insurance) that properly covers courier and delivery work.',
        },
      ],
      'Each card: icon (a Lucide icon name), title, and text in Markdown (links allowed).',
    ),
  ),
  section(
    'Why a broker',
    text('Heading', 'Why use a broker'),
    list(
      'Reasons',
      [
        { text: 'We approach several insurers for you, so you do not have to fill in the same details again and again.' },
        { text: 'We check that the cover matches how you really use your vehicles: carriage of own goods, hire and reward, named or any drivers.' },
        { text: 'We know which insurers look at imported or modified vehicles, drivers with penalty points and specialist haulage work.' },
        { text: 'When you have a claim, we deal with the insurer for you and keep you updated.' },
        { text: 'We review your cover before each renewal instead of letting it roll over unchecked.' },
      ],
      'Each reason: one sentence.',
    ),
    markdown(
      'Small print',
      '{regulatoryStatement}. How we are paid is set out in our [summary of commission arrangements](/commission-summary) and our [terms of business](/terms-of-business).',
    ),
  ),
  section(
    'Claims',
    text('Heading', 'Help when you need to claim'),
    markdown(
      'Text',
      'After an accident, a theft or a claim made against you, call our claims line on [{claimsPhone}]({claimsPhoneHref}). We notify your insurer, tell you what happens next and deal with the insurer for you.\n\nOur [claims assistance guide](/claims-assistance) explains what to do at the scene and how injury claims are handled.',
    ),
    text('Call button', 'Call {claimsPhone}'),
  ),
  section(
    'Talk to us',
    text('Heading', 'Talk to us'),
    markdown('Text', 'Call [{salesPhone}]({salesPhoneHref}) ({openingHours}) or email [{salesEmail}]({salesEmailHref}).'),
    text('Quote button', 'Get a quote'),
    text('Callback button', 'Request a callback'),
  ),
);
