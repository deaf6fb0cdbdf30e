import { type SiteFacts, siteFacts, telHref } from './facts.ts';

/**
 * The configured site facts a content value may name, as {salesPhone} or {openingHours}: the
 * facts stay settings (one place to change a phone number), the words around them are content.
 */
export function contentFacts(facts: SiteFacts = siteFacts()): Record<string, string> {
  return {
    brand: facts.brand,
    legalName: facts.legalName,
    centralBankReference: facts.centralBankReference,
    regulatoryStatement: facts.regulatoryStatement,
    salesPhone: facts.salesPhone,
    salesPhoneHref: telHref(facts.salesPhone),
    claimsPhone: facts.claimsPhone,
    claimsPhoneHref: telHref(facts.claimsPhone),
    salesEmail: facts.salesEmail,
    salesEmailHref: `mailto:${facts.salesEmail}`,
    careersEmail: facts.careersEmail,
    careersEmailHref: `mailto:${facts.careersEmail}`,
    // The claims and renewals addresses when set, else the sales address: a text may always name them.
    claimsEmail: facts.claimsEmail ?? facts.salesEmail,
    claimsEmailHref: `mailto:${facts.claimsEmail ?? facts.salesEmail}`,
    renewalsEmail: facts.renewalsEmail ?? facts.salesEmail,
    renewalsEmailHref: `mailto:${facts.renewalsEmail ?? facts.salesEmail}`,
    officeAddress: facts.officeAddress,
    openingHours: facts.openingHours,
    siteToken: facts.siteToken,
  };
}

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** Fills in {fact} placeholders; an unknown one fails the build, naming where it was. */
export function fillFacts(text: string, where: string): string {
  const facts = contentFacts();
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = facts[name];
    if (value === undefined) throw new Error(`${where}: unknown site fact ${whole} (known: ${Object.keys(facts).join(', ')})`);
    return value;
  });
}
