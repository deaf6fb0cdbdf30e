import { factsNamed, mapTexts } from './facts-in-text.ts';
import './fact-chips.css';

/** A site fact by what it stands for, where its name alone would read as code ('salesPhoneHref'). */
const FACT_WORDS: Record<string, string> = {
  brand: 'Company name',
  centralBankReference: 'Central Bank number',
  salesPhone: 'Sales phone number',
  salesPhoneHref: 'Sales phone link',
  claimsPhone: 'Claims phone number',
  claimsPhoneHref: 'Claims phone link',
  salesEmail: 'Sales email address',
  salesEmailHref: 'Sales email link',
  careersEmail: 'Careers email address',
  careersEmailHref: 'Careers email link',
  siteToken: 'Site code',
};

/** A site fact's name as words: 'salesPhone' reads 'Sales phone number', 'openingHours' 'Opening hours'. */
const factWords = (name: string) => {
  if (FACT_WORDS[name]) return FACT_WORDS[name];
  const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
};

/** One site fact ({brand}) as a chip: its name in words, filled in from the settings when the page is built. */
function FactChip({ name }: { name: string }) {
  return (
    <span className="content-fact">
      {factWords(name)}
      <span className="visually-hidden"> (from the site’s settings)</span>
    </span>
  );
}

/** A text with its site facts ({brand}, {salesPhone}) shown as chips rather than words in braces. */
export function TextWithFacts({ text }: { text: string }) {
  const parts = text.split(/\{([A-Za-z]+)\}/);
  // split with one group: even parts are words, odd parts the facts' names.
  return <>{parts.map((part, index) => (index % 2 === 1 ? <FactChip key={`${index}-${part}`} name={part} /> : part))}</>;
}

/** Under an element's editor: the site facts its value names, as chips, and where their words come from. */
export function FactsNamed({ value }: { value: unknown }) {
  const names = new Set<string>();
  mapTexts(value, (text) => {
    for (const name of factsNamed(text)) names.add(name);
    return text;
  });
  if (names.size === 0) return null;
  return (
    <p className="bo-hint content-facts">
      Filled in from the site’s settings when the page is built:{' '}
      {[...names].map((name) => (
        <FactChip key={name} name={name} />
      ))}
    </p>
  );
}
