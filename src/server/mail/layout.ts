import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { telHref } from '#src/lib/phone.ts';
import type { SiteFacts } from '#src/site/facts.ts';

/**
 * The one layout of every mail the site sends (React Email, rendered by render.ts): the brand's
 * header in its logo's colours, the body, and a footer with the broker's regulatory statement,
 * address, phone, email and opening hours, all from the site facts (src/site/facts.ts), so a
 * broker who re-badges the site re-badges its mails too. Server code runs without a compile
 * step, so the elements are written with createElement rather than JSX.
 */

/** The site facts a mail shows. */
export type MailFacts = Pick<
  SiteFacts,
  'origin' | 'brand' | 'legalName' | 'regulatoryStatement' | 'centralBankReference' | 'officeAddress' | 'salesPhone' | 'salesEmail' | 'openingHours'
>;

/** The brand's colours (src/styles/tokens.css and the mark in src/site/brand-mark.ts). */
export const MAIL_COLOURS = {
  brand: '#0b3d5c',
  brandTint: '#dcebf5',
  accent: '#b8420f',
  ink: '#1b2530',
  muted: '#4a5a6a',
  page: '#eef2f6',
  surface: '#ffffff',
  line: '#d5dde5',
} as const;

/** Shown in the HTML only: React Email's plain-text conversion leaves such an element out. */
const SKIP_IN_TEXT = { 'data-skip-in-text': true } as object;

/**
 * On a phone the mail keeps its width for words: the bands lose their corners and some padding,
 * and a fact's label sits over its value. Mail programs that read a style element honour it;
 * the others show the desk's layout, which still fits (it is 100% wide up to 600 px).
 */
const NARROW_CSS = `@media only screen and (max-width: 480px) {
  .mail-header { padding: 16px 20px !important; border-radius: 0 !important; }
  .mail-card { padding: 20px 20px 4px !important; border-radius: 0 !important; }
  .mail-footer { padding: 16px 20px 8px !important; }
  .mail-heading { font-size: 21px !important; line-height: 28px !important; }
  .mail-fact-label, .mail-fact-value { display: block !important; width: auto !important; }
  .mail-fact-label { padding-bottom: 0 !important; }
  .mail-fact-value { border-top: 0 !important; padding-top: 2px !important; }
}`;

const FONT = "'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const styles = {
  body: { backgroundColor: MAIL_COLOURS.page, margin: 0, padding: '24px 0', fontFamily: FONT, color: MAIL_COLOURS.ink },
  container: { maxWidth: '600px', width: '100%', margin: '0 auto' },
  header: { backgroundColor: MAIL_COLOURS.brand, borderRadius: '8px 8px 0 0', padding: '20px 28px' },
  brand: { margin: 0, color: '#ffffff', fontSize: '20px', lineHeight: '28px', fontWeight: 700, letterSpacing: '0.2px' },
  brandLink: { color: '#ffffff', textDecoration: 'none' },
  stripe: { backgroundColor: MAIL_COLOURS.accent, height: '4px', lineHeight: '4px', fontSize: '1px' },
  card: { backgroundColor: MAIL_COLOURS.surface, padding: '28px 28px 12px', borderRadius: '0 0 8px 8px' },
  heading: { margin: '0 0 16px', color: MAIL_COLOURS.brand, fontSize: '24px', lineHeight: '32px', fontWeight: 700 },
  subheading: { margin: '24px 0 8px', color: MAIL_COLOURS.brand, fontSize: '17px', lineHeight: '24px', fontWeight: 700 },
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: MAIL_COLOURS.ink },
  button: {
    backgroundColor: MAIL_COLOURS.brand,
    color: '#ffffff',
    borderRadius: '6px',
    padding: '12px 20px',
    fontSize: '16px',
    fontWeight: 600,
    textDecoration: 'none',
  },
  fallback: { margin: '0 0 16px', fontSize: '14px', lineHeight: '20px', color: MAIL_COLOURS.muted },
  fallbackLink: { color: MAIL_COLOURS.brand, wordBreak: 'break-all' },
  link: { color: MAIL_COLOURS.brand, textDecoration: 'underline' },
  facts: { borderCollapse: 'collapse', width: '100%', margin: '0 0 20px', fontSize: '15px', lineHeight: '22px' },
  factLabel: {
    textAlign: 'left',
    verticalAlign: 'top',
    fontWeight: 600,
    padding: '8px 16px 8px 0',
    borderTop: `1px solid ${MAIL_COLOURS.line}`,
    width: '38%',
    color: MAIL_COLOURS.muted,
  },
  factValue: { verticalAlign: 'top', padding: '8px 0', borderTop: `1px solid ${MAIL_COLOURS.line}`, color: MAIL_COLOURS.ink, wordBreak: 'break-word' },
  notice: { backgroundColor: MAIL_COLOURS.brandTint, borderLeft: `4px solid ${MAIL_COLOURS.accent}`, padding: '12px 16px', margin: '4px 0 20px' },
  noticeText: { margin: 0, fontSize: '15px', lineHeight: '22px', fontWeight: 600, color: MAIL_COLOURS.ink },
  quote: { borderLeft: `3px solid ${MAIL_COLOURS.line}`, padding: '4px 0 4px 14px', margin: '0 0 20px' },
  quoteText: { margin: 0, fontSize: '15px', lineHeight: '22px', color: MAIL_COLOURS.ink },
  footer: { padding: '20px 28px 8px' },
  footerText: { margin: '0 0 8px', fontSize: '13px', lineHeight: '20px', color: MAIL_COLOURS.muted },
  footerStrong: { margin: '0 0 4px', fontSize: '13px', lineHeight: '20px', color: MAIL_COLOURS.ink, fontWeight: 700 },
  footerLink: { color: MAIL_COLOURS.muted, textDecoration: 'underline' },
  rule: { border: 'none', borderTop: `1px solid ${MAIL_COLOURS.line}`, margin: '0' },
} satisfies Record<string, CSSProperties>;

/** The whole mail: header, `children` as its body, and the footer. `preview` is the line a mail program shows beside the subject. */
export function MailLayout({ facts, subject, preview, children }: { facts: MailFacts; subject: string; preview: string; children?: ReactNode }) {
  return h(
    Html,
    { lang: 'en-IE', dir: 'ltr' },
    h(Head, null, h('title', null, subject), h('style', null, NARROW_CSS)),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(
          Section,
          { style: styles.header, className: 'mail-header' },
          h(Text, { style: styles.brand }, h(Link, { href: facts.origin, style: styles.brandLink, className: 'mail-quiet' }, facts.brand)),
        ),
        h(Section, { style: styles.stripe, ...SKIP_IN_TEXT }, '\u00a0'),
        h(Section, { style: styles.card, className: 'mail-card' }, children),
        h(MailFooter, { facts }),
      ),
    ),
  );
}

/** The broker's contact details and regulatory statement, under every mail. */
function MailFooter({ facts }: { facts: MailFacts }) {
  return h(
    Section,
    { style: styles.footer, className: 'mail-footer' },
    h(Hr, { style: styles.rule }),
    h(Text, { style: { ...styles.footerStrong, marginTop: '16px' } }, facts.brand),
    h(Text, { style: styles.footerText }, facts.officeAddress),
    h(
      Text,
      { style: styles.footerText },
      'Phone ',
      h(Link, { href: telHref(facts.salesPhone), style: styles.footerLink, className: 'mail-quiet' }, facts.salesPhone),
      ' · Email ',
      h(Link, { href: `mailto:${facts.salesEmail}`, style: styles.footerLink, className: 'mail-quiet' }, facts.salesEmail),
      h('br'),
      `Open ${facts.openingHours}`,
      h('br'),
      h(Link, { href: facts.origin, style: styles.footerLink }, facts.origin),
    ),
    h(Text, { style: styles.footerText }, `${facts.regulatoryStatement}. Central Bank reference ${facts.centralBankReference}.`),
  );
}

/** The mail's title, at the top of its body. */
export const MailHeading = ({ children }: { children?: ReactNode }) => h(Heading, { as: 'h1', style: styles.heading, className: 'mail-heading' }, children);

/** A heading within the body ("What happens next"). */
export const MailSubheading = ({ children }: { children?: ReactNode }) => h(Heading, { as: 'h2', style: styles.subheading }, children);

/** A paragraph. */
export const P = ({ children }: { children?: ReactNode }) => h(Text, { style: styles.paragraph }, children);

/** A link in running text; `quiet` leaves its address out of the plain text (a phone number or an email address, linked to itself). */
export const MailLink = ({ href, quiet, children }: { href: string; quiet?: boolean; children?: ReactNode }) =>
  h(Link, { href, style: styles.link, ...(quiet ? { className: 'mail-quiet' } : {}) }, children);

/** A phone number, linked to ring it. */
export const Phone = ({ number }: { number: string }) =>
  h(Link, { href: telHref(number), style: { ...styles.link, whiteSpace: 'nowrap' }, className: 'mail-quiet' }, number);

/**
 * The mail's one action as a button, with its address written out beneath for a program
 * that shows no buttons. The plain-text part has it once, as "Label: address".
 */
export function MailButton({ href, children }: { href: string; children?: string }) {
  return h(
    Section,
    { style: { margin: '8px 0 16px' } },
    h(Button, { href, style: styles.button, className: 'mail-button' }, children),
    h(
      Text,
      { style: { ...styles.fallback, marginTop: '16px' }, ...SKIP_IN_TEXT },
      'If the button does not work, copy this address into your browser: ',
      h(Link, { href, style: styles.fallbackLink }, href),
    ),
  );
}

/** Label and value pairs (a reference, a phone number, a form's answers); "Label: value" lines in the text. */
export function Facts({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  return h(
    'table',
    { role: 'presentation', cellPadding: 0, cellSpacing: 0, border: 0, style: styles.facts },
    h(
      'tbody',
      null,
      rows.map((row, index) =>
        h(
          'tr',
          { key: index, className: 'mail-fact' },
          h('th', { scope: 'row', style: styles.factLabel, className: 'mail-fact-label' }, row.label),
          h('td', { style: styles.factValue, className: 'mail-fact-value' }, row.value),
        ),
      ),
    ),
  );
}

/** Something the reader must not miss (that a request is not cover yet). */
export const Notice = ({ children }: { children?: ReactNode }) => h(Section, { style: styles.notice }, h(Text, { style: styles.noticeText }, children));

/** What the reader wrote, quoted. Line breaks are kept. */
export const Quoted = ({ children }: { children?: ReactNode }) => h(Section, { style: styles.quote }, h(Text, { style: styles.quoteText }, children));

/** Text with its line breaks kept, as `<br>`s. */
export function Lines({ text }: { text: string }) {
  return text.split(/\r?\n/).flatMap((line, index) => (index === 0 ? [line] : [h('br', { key: `b${index}` }), line]));
}
