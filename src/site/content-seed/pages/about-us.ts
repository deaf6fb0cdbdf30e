import { heroPicture, markdown, page, section, text } from '../define.ts';
import { trustSections } from '../trust.ts';

export const aboutUs = page(
  '/about-us',
  'About us',
  section(
    'Intro',
    text('Eyebrow', 'About us'),
    text('Heading', 'About {brand}'),
    text('Lead', 'We are an Irish insurance broker for businesses that depend on their vehicles: tradespeople, delivery firms, fleet operators and hauliers.'),
    heroPicture(),
  ),
  section(
    'Body',
    markdown(
      'Text',
      `## Who we are

We look after businesses that depend on their vehicles: the plumber with one van, the courier on multi-drop rounds, the firm with a yard of vans and the haulier with a fleet of trucks. Our job is to understand how you work and make sure the cover you rely on is there when you need it.

We approach several insurers for you, so you do not have to fill in the same details again and again, and we check that the cover matches how you really use your vehicles. When you have a claim, we deal with the insurer for you and keep you updated, and we review your cover before each renewal instead of letting it roll over unchecked.

## What we do

We arrange insurance for commercial vehicles and the businesses that run them. We find out how you work, what you carry and who drives, approach insurers on your behalf, explain the cover and the price of each option, and arrange the policy you choose. After that we handle changes during the year, help you through claims and review your cover before every renewal.

- [Van insurance](/van-insurance) for sole traders and businesses, and [fleet insurance](/fleet-insurance) for two or more vehicles
- [Truck and HGV insurance](/truck-insurance) for own-goods carriers and hire-and-reward hauliers
- [Public and employers’ liability insurance](/public-liability-insurance) for trades and small businesses
- [Non-standard commercial vehicle insurance](/non-standard-commercial-vehicle-insurance) and [van insurance for drivers with convictions](/van-insurance-for-convicted-drivers)
- [Other business insurance](/other-insurance-services), such as goods in transit, tools and equipment, and commercial property

## How we work with insurers

We are an insurance intermediary, not an insurer: we do not write policies or pay claims ourselves. The insurer named on your policy provides the cover and decides claims, and we act for you in arranging the cover and in dealing with the insurer.

Our [terms of business](/terms-of-business) set out the basis on which we advise you, including for which types of insurance we provide advice on a fair analysis of the market and where we deal with a limited number of insurers, as well as how to get a list of the insurers we deal with, our fees and how we handle complaints. We are paid mainly by commission from insurers, and our [summary of commission arrangements](/commission-summary) shows how that works.

## How we look after you

- A dedicated claims line, with guidance on [what to do after an accident or loss](/claims-assistance)
- A review of your cover and price [before every renewal](/policy-renewal)
- A clear [complaints process](/customer-care) and extra support for customers who need it
- [Guidance on avoiding insurance fraud](/fraud-prevention-{siteToken}), including ghost brokers who sell fake policies`,
    ),
  ),
  section(
    'Regulation',
    markdown(
      'Text',
      `**Regulated by the Central Bank of Ireland.** {brand} is the trading name of {legalName}. {regulatoryStatement}, and we appear on the Central Bank’s register of insurance intermediaries under reference number {centralBankReference}.

We follow the Central Bank’s Consumer Protection Code, which sets out how we must treat our customers: acting honestly, fairly and professionally in your best interests, giving you clear information before you buy, recommending only cover that suits your needs, and handling complaints and claims properly. Staff who advise you meet the Central Bank’s Minimum Competency Code, which sets the qualifications and ongoing training required of anyone who advises on or arranges insurance.`,
    ),
  ),
  section(
    'Office',
    text('Heading', 'Our office'),
    markdown(
      'Text',
      `We are open {openingHours}. Call [{salesPhone}]({salesPhoneHref}) for quotes, renewals and policy changes, [{claimsPhone}]({claimsPhoneHref}) for claims, or email [{salesEmail}]({salesEmailHref}).`,
    ),
  ),
  ...trustSections(),
);
