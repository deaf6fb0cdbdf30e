import { faqList, faqsByQuestion } from './faqs.ts';
import { heroPicture, keyFacts, markdown, page, section, text } from '../define.ts';
import { howItWorks, whoItIsFor } from '../product-modules.ts';

export const publicLiabilityInsurance = page(
  '/public-liability-insurance',
  'Public liability insurance',
  section(
    'Intro',
    text('Eyebrow', 'Public liability insurance'),
    text('Heading', 'Public liability insurance in Ireland'),
    text('Lead', 'Protection for trades and small businesses if your work injures someone or damages their property.'),
    text('Quote button', 'Get a public liability insurance quote'),
    heroPicture(),
  ),
  section(
    'Key facts',
    text('Heading', 'At a glance'),
    keyFacts('Facts', [
      { icon: 'shield-check', text: 'Covers compensation and legal costs if your business injures someone or damages their property.' },
      { icon: 'landmark', text: 'Common limits are €2.6m, or €6.5m where public-body and local authority contracts ask for it.' },
      { icon: 'hard-hat', text: 'Employers’ liability, usually at €13m, covers injury to your own staff.' },
      { icon: 'triangle-alert', text: 'Work at heights or depths, hot work and subcontractors all need to be declared.' },
    ]),
  ),
  whoItIsFor('Who it is for', [
    {
      icon: 'hammer',
      title: 'Trades',
      text: 'Builders, electricians, plumbers, painters, landscapers and other trades working in people’s homes and premises.',
    },
    { icon: 'hard-hat', title: 'Contractors', text: 'Firms whose main contractor, council or public body asks for proof of cover at a set limit.' },
    { icon: 'store', title: 'Shops and premises', text: 'Businesses whose customers and visitors come through the door.' },
    { icon: 'users', title: 'Employers', text: 'Anyone employing staff, who needs employers’ liability beside public liability.' },
  ]),
  howItWorks('How it works', [
    {
      title: 'Tell us about your trade',
      text: 'Use the public liability quote form or call us: what you do, your turnover and wage roll, any work at heights or depths, and your claims.',
    },
    {
      title: 'We compare cover at your limit',
      text: 'We ask the insurers that cover your trade for prices at the limit your contracts ask for, such as €2.6m or €6.5m.',
    },
    {
      title: 'Your certificate, ready for contracts',
      text: 'Once you choose, we arrange the policy and send the certificate of insurance to you or your main contractor.',
    },
  ]),
  section(
    'Body',
    markdown(
      'Text',
      `## What public liability insurance covers

Public liability insurance pays compensation and legal costs when your business is legally liable for injury to someone who is not your employee, or for damage to property that is not yours. For example:

- A customer trips over a cable you left across a hallway and breaks a wrist.
- Water from a fitting you installed floods the apartment below.
- A passer-by is hurt by material falling from scaffolding you erected.
- You damage underground services while digging on a site.

It does not pay to put right faulty work itself, cover your own tools or property, or respond to claims about professional advice or design, which need [professional indemnity insurance](/other-insurance-services). Injury caused by your vehicles on the road falls under your motor policy instead.

## The three liability covers compared

| Cover | Claims it answers | Usual limit |
| --- | --- | --- |
| Public liability | Injury to people who are not your employees, and damage to property that is not yours | €2.6m or €6.5m for any one claim or event |
| Employers’ liability | Employees injured or made ill at work | €13m for any one event |
| Products liability | Injury or damage caused by goods you made, supplied, installed, repaired or sold, after they left your hands | Often one limit with public liability for the policy year |

## Choosing a limit of indemnity

The limit is the most the insurer will pay for any one claim or event. For trades and small businesses the usual choices are:

- **€2.6m**: a common limit for trades working mainly for private customers and smaller firms.
- **€6.5m**: often required for contracts with public bodies, including local authorities, schools and State agencies, and by many main contractors.

Check the insurance clause of every contract before you choose. Many also ask for an **indemnity to principal**, which extends your policy to protect the client for claims arising from your work. We can quote for the limit and wording each contract requires and send the certificate of insurance the client asks for.

## Employers’ liability

Employers’ liability insurance covers claims from employees injured or made ill at work. It is not compulsory by statute in Ireland, but it is essential for anyone who employs staff. Without it, an injured employee’s claim would be paid from your own business. The Safety, Health and Welfare at Work Act 2005 places duties on every employer, and main contractors and public bodies routinely ask to see cover before you start work.

- The usual limit is **€13m** for any one event.
- It should include part-time, seasonal and casual staff, apprentices, and labour-only subcontractors.
- It is usually arranged on the same policy as public liability, with the premium based on wages.

## Products liability

If you make, supply, install, repair or sell goods, products liability covers injury or damage caused by those goods after they have left your hands. It is usually combined with public liability, often with one limit for the whole policy year. Exports, especially to the United States or Canada, are normally excluded unless you declare them.

## Contractors: heights, depths and heat

Insurers rate contractors on what they actually do, and some work is limited or excluded unless it is declared and accepted.

### Work at heights and depths

You will be asked for the greatest height and depth you work at. Roofing, scaffolding, steel erection and groundworks are insurable, but a policy may not respond to work above or below the limits you gave, so set them to cover the jobs you might take on, not just the usual ones.

### Hot work

Welding, cutting, soldering, torch-on roofing and any work with a naked flame or heat gun carries a fire risk. Policies commonly require a hot work permit, fire extinguishers at hand, removal or protection of anything combustible, and a fire check after the work finishes. Breaking these conditions can affect a claim.

## Subcontractors: bona fide or labour-only

- **Bona fide subcontractors**: they bring their own tools and materials, decide how to do the work and carry their own insurance. Ask for a copy of their public liability certificate before they start, at a limit at least equal to yours. Your insurer may require this.
- **Labour-only subcontractors**: they work under your direction using your equipment. Insurers generally treat them as your employees, so include what you pay them when declaring wages for employers’ liability.

## If someone makes a claim against you

Most personal injury claims in Ireland start with an application to the Injuries Resolution Board, formerly the Personal Injuries Assessment Board. The Board writes to you as the respondent and asks whether you consent to it assessing the claim, or to mediation, within a set time.

- Send any letter from the Board, a solicitor or a claimant to us the day it arrives, without replying yourself.
- Do not admit liability or offer payment; your insurer will decide how to respond.
- If the claim is not resolved through the Board, the claimant can go to court, and your insurer defends it on your behalf.

Our [claims assistance](/claims-assistance) page explains how we help.

## What to have ready for a quote

- Your trade or business activities, and any you are planning to add.
- Annual turnover, and wages for employees and labour-only subcontractors.
- Payments to bona fide subcontractors.
- The greatest height and depth you work at, and whether you do hot work.
- The limits and wording your contracts ask for.
- Claims in the last five years, and your current renewal date.`,
    ),
  ),
  section(
    'FAQs',
    text('Heading', 'Questions we are often asked'),
    faqList(
      'Questions',
      faqsByQuestion(
        'What limit of public liability cover do I need?',
        'Do I need employers’ liability insurance?',
        'Does public liability insurance cover my own tools and equipment?',
      ),
    ),
    markdown('More', 'More answers on our [frequently asked questions](/faqs) page.'),
  ),
  section(
    'Call to action',
    text('Heading', 'Get a public liability insurance quote'),
    markdown(
      'Text',
      `Tell us about your trade and the contracts you work on, and a broker will come back to you with public and employers’ liability prices at the limits you need.`,
    ),
    text('Button', 'Get a public liability insurance quote'),
  ),
);
