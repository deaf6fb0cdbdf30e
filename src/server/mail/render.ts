import { randomBytes } from 'node:crypto';
import type { ReactElement } from 'react';
import { plainTextSelectors, render } from '@react-email/render';
import { compile, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';

/**
 * Every mail the site sends is a React Email element (src/server/mail/layout.ts) rendered
 * twice: to HTML, and to the plain-text part from that same HTML, so both parts always say
 * the same thing and carry the same footer.
 */

/** A mail ready for the outbox. */
export type RenderedMail = { subject: string; html: string; text: string };

/** Text of a dom node of html-to-text, its children's text joined. */
type DomNode = { type: string; data?: string; children?: DomNode[] };
const textOf = (node: DomNode): string => (node.type === 'text' ? (node.data ?? '') : (node.children ?? []).map(textOf).join(''));

/** A question as the start of a line: 'Name:', but 'What has changed?' and '…reasonable care.' keep their own stop. */
export const labelled = (label: string) => (/[?.:!]$/.test(label.trim()) ? label.trim() : `${label.trim()}:`);

/** A fact's label (a table's header cell) as the start of its line: "Reference: VQ-2026-000123". */
const factLabel: FormatCallback = (elem, _walk, builder) => {
  builder.addInline(`${labelled(textOf(elem as DomNode))} `);
};

/** A button as a line of its own: "Choose a new password: https://…". */
const button: FormatCallback = (elem, _walk, builder) => {
  const href = (elem as { attribs?: Record<string, string> }).attribs?.href ?? '';
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addInline(`${labelled(textOf(elem as DomNode))} ${href}`, { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
};

/** The plain-text part's rules, beside React Email's own (images and `data-skip-in-text` left out, plain links). */
const PLAIN_TEXT: HtmlToTextOptions = {
  // Lines as long as their paragraph: a mail program wraps them to its window (and a link never breaks).
  wordwrap: false,
  formatters: { factLabel, button },
  selectors: [
    { selector: 'h1', format: 'heading', options: { uppercase: false, leadingLineBreaks: 1, trailingLineBreaks: 2 } },
    { selector: 'h2', format: 'heading', options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 1 } },
    { selector: 'a.mail-button', format: 'button' },
    // A phone number or address linked to itself (tel:, mailto:) is shown once.
    { selector: 'a.mail-quiet', format: 'anchor', options: { ignoreHref: true } },
    { selector: 'tr.mail-fact', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'th.mail-fact-label', format: 'factLabel' },
    { selector: 'td.mail-fact-value', format: 'inline' },
    // A rule short enough to stay one line in a phone's mail program (and in the staff's preview at 320 px).
    { selector: 'hr', format: 'horizontalLine', options: { length: 24, leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  ],
};

/**
 * React Email's toPlainText with these rules, compiled once: html-to-text compiles its
 * options on every call otherwise, which cost more than the conversion itself.
 */
const toPlainText = compile({ ...PLAIN_TEXT, selectors: [...plainTextSelectors, ...(PLAIN_TEXT.selectors ?? [])] });

/** The HTML of a mail element and its plain-text part. */
export async function renderMail(subject: string, element: ReactElement): Promise<RenderedMail> {
  const html = await render(element);
  return { subject, html, text: toPlainText(html).trim() };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** Text made safe for HTML, in an element or a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** What a slot stands for in a compiled mail: a line of text, or text whose line breaks are kept. */
type SlotKind = 'line' | 'lines';

/**
 * A slot's marker: characters React, the HTML and the text conversion all leave as they are,
 * with this process's own random part, so text a visitor typed never passes for one.
 */
const NONCE = randomBytes(6).toString('hex');
const marker = (name: string) => `\u27e6${NONCE}:${name}\u27e7`;
const MARKERS = new RegExp(`\u27e6${NONCE}:([a-zA-Z]+)\u27e7`, 'g');

/**
 * A mail rendered once with markers in the place of its values, then filled by replacing the
 * markers: the HTML gets each value escaped (line breaks as `<br>`), the text the value as it
 * is. Filling costs a few string replacements instead of a React render and an HTML-to-text
 * pass (about 2 ms), so a form that queues a mail on every post spends microseconds on it.
 * A value is inserted in one pass, so a marker typed by a visitor is never filled.
 */
export async function compileMail<Name extends string>(
  slots: Record<Name, SlotKind>,
  build: (slot: Record<Name, string>) => { subject: string; element: ReactElement },
): Promise<(values: Record<Name, string>) => RenderedMail> {
  const names = Object.keys(slots) as Name[];
  const markers = Object.fromEntries(names.map((name) => [name, marker(name)])) as Record<Name, string>;
  const { subject, element } = build(markers);
  const template = await renderMail(subject, element);
  for (const name of names) {
    if (!template.html.includes(markers[name]) && !template.subject.includes(markers[name])) throw new Error(`The mail never shows ${name}`);
  }
  const fill = (into: string, values: Record<Name, string>, format: (value: string, kind: SlotKind) => string) =>
    into.replace(MARKERS, (whole, name: string) => (name in slots ? format(values[name as Name], slots[name as Name]) : whole));
  const asHtml = (value: string, kind: SlotKind) => (kind === 'lines' ? escapeHtml(value).replace(/\r?\n/g, '<br>') : escapeHtml(value));
  // A line never breaks a line of the text; a text's own breaks are kept.
  const asText = (value: string, kind: SlotKind) => (kind === 'lines' ? value.replace(/\r\n?/g, '\n') : value.replace(/\s+/g, ' '));
  return (values) => ({
    subject: fill(template.subject, values, (value) => value.replace(/\s+/g, ' ')),
    html: fill(template.html, values, asHtml),
    text: fill(template.text, values, asText),
  });
}
