import type { SeedPage } from './define.ts';
import { aboutUs } from './pages/about-us.ts';
import { blog } from './pages/blog.ts';
import { careers } from './pages/careers.ts';
import { claimsAssistance } from './pages/claims-assistance.ts';
import { contactUs } from './pages/contact-us.ts';
import { contactThankYou } from './pages/contact-thank-you.ts';
import { convictedDrivers } from './pages/convicted-drivers.ts';
import { customerCare } from './pages/customer-care.ts';
import { faqsPage } from './pages/faqs.ts';
import { fleetInsurance } from './pages/fleet-insurance.ts';
import { fleetQuote } from './pages/fleet-quotes.ts';
import { home } from './pages/home.ts';
import { nonStandardVehicles } from './pages/non-standard-vehicles.ts';
import { otherInsuranceServices } from './pages/other-insurance-services.ts';
import { policyRenewal } from './pages/policy-renewal.ts';
import { publicLiabilityInsurance } from './pages/public-liability-insurance.ts';
import { liabilityQuote } from './pages/public-liability-quote.ts';
import { quoteThankYou } from './pages/quote-thank-you.ts';
import { renewalThankYou } from './pages/renewal-thank-you.ts';
import { truckInsurance } from './pages/truck-insurance.ts';
import { truckQuote } from './pages/truck-quotes.ts';
import { vanInsurance } from './pages/van-insurance.ts';
import { vanQuote } from './pages/van-quotes.ts';

/**
 * Every page whose copy is content, with the sections it reads: seeded on a fresh install
 * (src/server/content/seed.ts) and read by the build (src/site/content.ts). The legal pages
 * (privacy, terms, cookies, disclaimer, commission summary, quotation assumptions, fraud
 * prevention) are not here: their regulated wording stays in code, reviewed with it.
 */
export const seedPages: readonly SeedPage[] = [
  home,
  vanInsurance,
  fleetInsurance,
  truckInsurance,
  publicLiabilityInsurance,
  nonStandardVehicles,
  convictedDrivers,
  otherInsuranceServices,
  vanQuote,
  fleetQuote,
  truckQuote,
  liabilityQuote,
  aboutUs,
  customerCare,
  contactUs,
  claimsAssistance,
  careers,
  faqsPage,
  policyRenewal,
  contactThankYou,
  renewalThankYou,
  quoteThankYou,
  blog,
];
