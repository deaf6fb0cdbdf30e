import { heroPicture, list, markdown, page, section, text } from '../define.ts';

export const careers = page(
  '/careers',
  'Careers',
  section(
    'Intro',
    text('Eyebrow', 'Careers'),
    text('Heading', 'Careers at {brand}'),
    text(
      'Lead',
      'Insurance broking is skilled, people-focused work: helping business owners understand their risks and making sure the cover they rely on is there when they need it.',
    ),
    text('Apply button', 'Email your CV'),
    heroPicture(),
  ),
  section(
    'Body',
    markdown(
      'Text',
      `## Working with us

{brand} arranges insurance for vans, fleets, trucks and business liability. Our office is at {officeAddress} and is open {openingHours}. Customers deal with the same small team from their first quote to their claims and renewals. We are regulated by the Central Bank of Ireland, whose rules shape how we advise customers and which qualifications our staff hold (see below).

## The work of an insurance broker

A broker stands between the customer and the insurer. We find out what a business needs, approach insurers on its behalf, explain the options and then look after the policy and any claims for as long as the customer stays with us. That work is shared across a few kinds of role.

### Account handlers

Account handlers look after existing customers. They make changes during the year, such as adding a vehicle or a driver, prepare renewals, check renewal terms and go back to the market when a customer’s needs or the price change. The role suits someone who is organised, accurate and enjoys building long-term relationships with customers.

### Claims handlers

Claims handlers support customers after an accident, theft or loss. They notify the insurer, gather the information it needs, deal with assessors and repairers, explain letters from third parties and the Injuries Resolution Board, and keep the customer informed until the claim is settled. Calm judgment and clear writing matter as much as technical knowledge.

### Sales

Sales staff talk to new customers, by phone and in person, about their vehicles, their drivers and their work. They gather the information insurers need, present quotes fairly and explain what each policy does and does not cover. They need curiosity, patience and the confidence to ask the questions that matter.

## Qualifications and the Minimum Competency Code

Staff who advise customers on insurance, or arrange it for them, must meet the Central Bank of Ireland’s Minimum Competency Code. In practice this means holding a recognised qualification for the products you deal with and keeping your knowledge up to date with continuing professional development (CPD) every year.

- For general insurance such as motor and liability, the usual qualification is the Certified Insurance Practitioner (CIP) from the Insurance Institute of Ireland.
- The Qualified Financial Adviser (QFA) is a broader qualification that also covers areas such as life assurance, pensions and investments.

The Code allows new entrants to work under the supervision of a qualified colleague while they study, within the period it sets. We support colleagues through their exams and their CPD. People in many roles, including those who advise customers, must also meet the Central Bank’s fitness and probity standards for competence, honesty and financial soundness.`,
    ),
  ),
  section(
    'Openings',
    text('Heading', 'Current openings'),
    list('Openings', [], 'Each opening: title and text (Markdown). None: the heading is not shown either.'),
  ),
  section(
    'How to apply',
    markdown(
      'Text',
      `## How to apply

We do not advertise vacancies on this website. If you would like to work with us, email your CV and a short covering note to [{careersEmail}]({careersEmailHref}) with “Careers” in the subject line. Tell us the kind of role you are interested in, any insurance qualifications you hold or are studying for, and when you would be available. We will reply to let you know whether there is a suitable opening.

If there is no opening at the time, we will ask whether you would like us to keep your CV for future roles, and we will not keep it without your agreement. Our [privacy statement](/privacy-statement) explains how we handle the personal data in your application.

## Equal opportunities

We are an equal opportunities employer. We recruit, train and promote people on their ability and potential, and we do not discriminate on any of the grounds set out in the Employment Equality Acts: gender, civil status, family status, sexual orientation, religion, age, disability, race or membership of the Traveller community. If you have a disability and need any adjustment to take part in an interview, let us know and we will arrange it.`,
    ),
  ),
);
