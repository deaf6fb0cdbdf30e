import type { Faq } from '#src/site/faqs.ts';
import { heroPicture, list, markdown, page, section, text } from '../define.ts';

/** The questions and answers of /faqs, by group; a product page's FAQs are taken from here by their wording. Answers are plain text (no links), as FAQPage structured data needs. */
const faqGroups: { section: string; heading: string; items: Faq[] }[] = [
  {
    section: 'Vehicles',
    heading: 'Van, fleet and truck insurance',
    items: [
      {
        question: 'What levels of cover can I get for a van?',
        answer:
          'Most insurers offer three levels: third party only, which covers injury and damage you cause to other people and their property; third party, fire and theft, which adds cover if your van is stolen or damaged by fire; and comprehensive, which also covers accidental damage to your own van. Third party cover is the minimum the law requires to drive on a public road in Ireland.',
      },
      {
        question: 'When do I need fleet insurance instead of separate policies?',
        answer:
          'Once a business runs several vehicles, one fleet policy is usually simpler and often better value than separate policies: every vehicle shares one renewal date and one set of documents. Insurers set their own minimum fleet size, commonly two or three vehicles, and may price a fleet on its own claims record rather than on each driver’s no-claims discount.',
      },
      {
        question: 'What insurance does a truck or HGV need?',
        answer:
          'A truck needs motor insurance like any vehicle, and the policy must match how it is used: carrying your own goods, or carrying other people’s goods for payment (hire and reward). Hauliers carrying goods for hire and reward in heavier goods vehicles also need a road haulage operator licence, and most take out goods in transit cover for the loads they carry.',
      },
      {
        question: 'What do the classes of business use mean?',
        answer:
          'Social, domestic and pleasure use covers private driving; commuting to a regular place of work is often, but not always, included with it. Business use, often called carriage of own goods for a van, covers driving for your work and carrying your own tools, stock and materials. Hire and reward covers carrying other people’s goods for payment, such as courier or delivery work, and must be declared separately because insurers price it differently.',
      },
      {
        question: 'Can you insure an imported or modified van?',
        answer:
          'Yes, although fewer insurers will quote, so we approach specialist insurers for these vehicles. Tell us about every change from the manufacturer’s specification, such as engine tuning, body conversions, racking, lowered suspension or alloy wheels, because an undeclared modification can reduce or defeat a claim.',
      },
      {
        question: 'Why do you ask for my Eircode?',
        answer:
          'Insurers price cover partly on where a vehicle is kept overnight, and an Eircode identifies the exact address. Give the Eircode of the place the vehicle is actually kept, which may be your business premises rather than your home, and tell us if that changes.',
      },
    ],
  },
  {
    section: 'Drivers',
    heading: 'Drivers, no-claims discount and penalty points',
    items: [
      {
        question: 'Can I use my car no-claims discount on a van?',
        answer:
          'It depends on the insurer. Some recognise a no-claims discount earned on a private car, in full or in part, while others count only commercial vehicle experience. Ask your current insurer for written proof of your no-claims discount and we will find out which insurers accept it.',
      },
      {
        question: 'Will a claim affect my no-claims discount?',
        answer:
          'Usually, yes: a claim where your insurer pays out and cannot recover its costs from someone else will normally reduce your discount at renewal. Many policies let you pay an extra premium to protect the discount, and windscreen claims often do not affect it, but the exact rules are in your policy.',
      },
      {
        question: 'Do I have to declare penalty points and convictions?',
        answer:
          'Yes, whenever the insurer asks, and motor insurers always ask. Under the Consumer Insurance Contracts Act 2019 you must answer honestly and with reasonable care, and undeclared penalty points or convictions can lead to a claim being reduced or refused.',
      },
      {
        question: 'Can I get van insurance with a motoring conviction?',
        answer:
          'Usually, yes. Some insurers will not quote for certain convictions, such as drink driving or driving without insurance, but others will, often with a higher premium or a larger excess. Tell us the offence, the date and any disqualification, and we will approach the insurers most likely to offer cover.',
      },
      {
        question: 'Can I add a named driver to my policy?',
        answer:
          'Yes. A named driver is someone, such as an employee or family member, who is listed on your policy and covered to drive the vehicle. The insurer will want each driver’s age, licence details, claims and penalty points, and adding a young or inexperienced driver may increase the premium.',
      },
      {
        question: 'Can any of my employees drive our vans?',
        answer:
          'Only if the policy allows it. An open or any-driver policy covers anyone you permit to drive, usually subject to a minimum age and licence experience, while a named-driver policy covers only the people listed. Check the driving restrictions on your certificate before letting someone new drive.',
      },
      {
        question: 'Can a driver with a licence from another country be covered?',
        answer:
          'Often, yes. Many insurers accept full licences from other EU and EEA countries and the UK, while licences from elsewhere may mean a higher premium or fewer insurers. Tell us the country, the licence category and the date it was issued for each driver.',
      },
    ],
  },
  {
    section: 'Business cover',
    heading: 'Public liability and other business cover',
    items: [
      {
        question: 'What limit of public liability cover do I need?',
        answer:
          'Many trades and small businesses choose a limit of €2.6 million for any one claim. Contracts with local authorities and other public bodies commonly require €6.5 million, so check the insurance clause of any contract before you sign it.',
      },
      {
        question: 'Do I need employers’ liability insurance?',
        answer:
          'Employers’ liability insurance is not compulsory by law in Ireland, but if you employ anyone, including part-time or casual staff, you can be held liable if they are injured at work. Most main contractors and public bodies require it before you start work, and it is usually arranged alongside public liability.',
      },
      {
        question: 'Does public liability insurance cover my own tools and equipment?',
        answer:
          'No. Public liability covers injury to other people and damage to their property. Your own tools, plant and equipment need their own cover, such as a tools or contractors’ all risks policy, which we can arrange alongside it.',
      },
      {
        question: 'Does my van policy cover the tools inside it?',
        answer:
          'Usually not, or only to a small limit. Tools and equipment cover, and goods in transit cover for stock and materials, are normally separate policies or extensions that we can arrange alongside your van insurance.',
      },
    ],
  },
  {
    section: 'Renewals',
    heading: 'Renewals, payments and cancelling',
    items: [
      {
        question: 'When will I hear about my renewal?',
        answer:
          'You will receive a renewal notice at least 20 working days before your renewal date, showing the new premium and the premium you paid last year. Tell us about any changes as soon as you receive it so there is time to review your cover and compare insurers.',
      },
      {
        question: 'Can I pay monthly?',
        answer:
          'Yes, for most policies. Monthly payments are arranged through a premium finance provider under a separate credit agreement, which costs more than paying in one amount. We show you the cost of paying monthly, including the interest rate and the total amount payable, before you choose.',
      },
      {
        question: 'Can I cancel my policy?',
        answer:
          'Yes. If you are a consumer and bought the policy at a distance, for example by phone or email, you can cancel within 14 days without giving a reason, paying only for the days you were covered. After that, cancellation is governed by your policy terms: insurers usually refund part of the premium for the unused period, which may be reduced if a claim has been made, and any broker fee is not normally refunded.',
      },
      {
        question: 'What happens if I miss a payment?',
        answer:
          'Contact us straight away. If a payment is not made, the insurer or premium finance provider may cancel the policy, and driving without insurance is a criminal offence. We will tell you if we are notified of a missed payment and try to help you keep your cover in place.',
      },
      {
        question: 'Does my policy renew automatically?',
        answer:
          'Some policies do, if you agreed to automatic renewal when you took them out. You can ask us to switch automatic renewal off at any time, and either way we review your cover and price before your renewal date.',
      },
    ],
  },
  {
    section: 'Claims',
    heading: 'Claims',
    items: [
      {
        question: 'What should I do after an accident?',
        answer:
          'Stop, make sure everyone is safe and call 112 or 999 if anyone is hurt. Exchange names, addresses, registrations and insurance details, take photographs, and do not admit fault. Then call our claims line as soon as you can, even if you do not intend to claim.',
      },
      {
        question: 'Should I pay the other driver myself to avoid a claim?',
        answer:
          'We advise against it. You must still tell your insurer about the incident, and if the other driver later claims for more, or for an injury, your insurer may be in a weaker position because it was not told in time. Talk to us first and we will explain your options.',
      },
      {
        question: 'What is the Injuries Resolution Board?',
        answer:
          'The Injuries Resolution Board, formerly the Personal Injuries Assessment Board (PIAB), is the State body that deals first with most personal injury claims in Ireland, including those from road traffic accidents and public liability incidents. If you receive a letter from the Board about a claim against you, send it to us immediately because it must be answered within a set time.',
      },
      {
        question: 'My windscreen is damaged. What should I do?',
        answer:
          'Check your policy schedule: most comprehensive policies include windscreen cover, often through an approved repairer and sometimes with a separate excess. Call the windscreen helpline in your policy documents or call us, and do not drive if the damage blocks your view of the road.',
      },
    ],
  },
];

/** Questions of /faqs by their wording, for a product page's own FAQs; a missing one is a mistake in the seed. */
export function faqsByQuestion(...questions: string[]): Faq[] {
  const all = faqGroups.flatMap((group) => group.items);
  return questions.map((question) => {
    const found = all.find((item) => item.question === question);
    if (!found) throw new Error(`No FAQ asks "${question}"`);
    return found;
  });
}

export const faqList = (name: string, faqs: Faq[]) => list(name, faqs, 'Each question: question and answer (plain text).');

/** The FAQ groups' section names, in the page's order. */
export const FAQ_GROUP_SECTIONS = faqGroups.map((group) => group.section);

export const faqsPage = page(
  '/faqs',
  'FAQs',
  section(
    'Intro',
    text('Eyebrow', 'Help and answers'),
    text('Heading', 'Frequently asked questions'),
    text(
      'Lead',
      'Short answers to the questions we hear most about commercial vehicle and business insurance in Ireland. Select a question to show its answer.',
    ),
    heroPicture(),
  ),
  ...faqGroups.map((group) => section(group.section, text('Heading', group.heading), faqList('Questions', group.items))),
  section(
    'Still have a question',
    text('Heading', 'Still have a question?'),
    markdown(
      'Text',
      'Call us on [{salesPhone}]({salesPhoneHref}) ({openingHours}) or email [{salesEmail}]({salesEmailHref}). For an accident, theft or other claim, call our claims line on [{claimsPhone}]({claimsPhoneHref}) or read our [claims assistance guide](/claims-assistance).',
    ),
  ),
);
