import { heroPicture, list, markdown, page, section, text } from '../define.ts';

export const customerCare = page(
  '/customer-care',
  'Customer care',
  section(
    'Intro',
    text('Eyebrow', 'Customer care'),
    text('Heading', 'Customer care and complaints'),
    text(
      'Lead',
      'We want every customer to be treated fairly and to find us easy to deal with. Here is how to reach us, how we handle a complaint, and what support we can offer.',
    ),
    heroPicture(),
  ),
  section(
    'Contact',
    text('Heading', 'Contact us'),
    list(
      'Lines',
      [
        { label: 'Sales, renewals and policy changes:', text: '[{salesPhone}]({salesPhoneHref})' },
        { label: 'Claims:', text: '[{claimsPhone}]({claimsPhoneHref})' },
        { label: 'Email:', text: '[{salesEmail}]({salesEmailHref})' },
        { label: 'Post or in person:', text: '{legalName}, {officeAddress}' },
        { label: 'Opening hours:', text: '{openingHours}' },
      ],
      'Each line: a label and the text (Markdown, links allowed).',
    ),
    text('Complaints label', 'Complaints:'),
    text('Card payments label', 'Card payments:'),
    text('Card payments text', 'through our secure payment provider'),
    markdown(
      'Text',
      `Please quote your policy number when you contact us about an existing policy. For what to do after an accident or theft, see our [claims assistance guide](/claims-assistance).`,
    ),
  ),
  section(
    'Body',
    markdown(
      'Text',
      `## Making a complaint

If you are unhappy with any part of our service, tell us. You can complain by phone, by email, by letter or in person at our office. It helps if you tell us your name and policy number, what went wrong, and what you would like us to do to put it right. If you complain by phone or in person, we will offer to record it as a written complaint so that it follows the process below.

## How we handle your complaint

We handle complaints in line with the Central Bank of Ireland’s Consumer Protection Code. When you make a complaint, we will:

1. acknowledge it in writing within 5 business days and give you the name of the person dealing with it;
2. investigate it fairly, looking at all the relevant records and at what you have told us;
3. give you a written update at least every 20 business days while the investigation continues;
4. aim to investigate and resolve it within 40 business days of receiving it;
5. send you a final response letter setting out the outcome of our investigation, the reasons for it and, where we have got something wrong, the redress we are offering.

If we cannot finish within 40 business days, we will write to tell you why, when we expect to finish, and that you may refer your complaint to the Financial Services and Pensions Ombudsman in the meantime. Our final response letter will also explain how to refer your complaint to the Ombudsman if you are not satisfied with our answer.

If your complaint is about a decision an insurer has made, such as refusing a claim, we will help you take it up with the insurer, which has its own complaints process under the same Code.

## The Financial Services and Pensions Ombudsman

The Financial Services and Pensions Ombudsman (FSPO) is an independent statutory body that deals with complaints about regulated financial service providers, including insurance brokers and insurers. Its service is free of charge to the person making the complaint. The FSPO can deal with complaints from consumers, including many small businesses, and will normally expect you to have given us the chance to resolve the complaint first. You can find out more and make a complaint on the FSPO’s website, [www.fspo.ie](https://www.fspo.ie).

## Extra support if you need it

Anyone can find themselves in circumstances that make dealing with insurance harder, whether because of illness, disability, bereavement, a relationship breakdown, financial difficulty or limited reading or English. If that applies to you, tell us what would help. We can, for example:

- give you more time to consider information and make decisions;
- explain documents to you by phone or in person, or send them in larger print;
- communicate by email or letter rather than phone, or the other way round, as you prefer;
- deal with a family member, friend or adviser on your behalf, once you have given us your permission.

We record the support you ask for only so that we can provide it, and we handle that information in line with our [privacy statement](/privacy-statement). If any part of this website is difficult to use with your browser, screen reader or other assistive technology, please let us know at [{salesEmail}]({salesEmailHref}) and we will give you the information another way.`,
    ),
  ),
);
