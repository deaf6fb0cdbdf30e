import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatCalendarDate, formatDublinDateTime } from '#src/lib/dublin-time.ts';
import { formatEuro } from '#src/lib/euro.ts';
import { formatFileSize } from '#src/lib/file-size.ts';
import { LOST_REASON_LABELS, type LostReason } from '#src/schemas/follow-up.ts';
import { answerSections, type AnswerRow } from '#src/schemas/leads/answers.ts';
import type { Answers } from '#src/schemas/leads/form-definition.ts';
import { leadForms, leadKinds } from '#src/schemas/leads/index.ts';
import { roleNames } from '#src/schemas/roles.ts';
import type { SiteFacts } from '#src/site/facts.ts';
import { MAIL_COLOURS } from '../mail/layout.ts';
import { type ObjectStore, storageKeys } from '../storage/object-store.ts';
import type { PersonData } from './queries.ts';

/**
 * The subject-access export a person can read: one HTML page, self-contained (its style inline,
 * no script, no request to anywhere: a Content-Security-Policy says so to the browser), that
 * opens in any browser and prints. The broker's name, a short introduction with the day and
 * the export's reference (its audit request id), then a section for each kind of record held,
 * an empty one left out: callbacks, quote and renewal requests (their answers under the form's
 * own questions, their documents as download links), what happened to each (in words, on
 * Dublin's clock), the mails, and a staff account. Rendered by React, so every value is
 * escaped. Server code has no JSX compile step: elements are written with createElement.
 */

/** The site facts the page names: who holds the data and how to reach them. */
export type ExportFacts = Pick<SiteFacts, 'brand' | 'legalName' | 'regulatoryStatement' | 'officeAddress' | 'salesPhone' | 'salesEmail'>;

/**
 * The documents put into the page as download links, together at most this many bytes (a
 * request holds at most three of 10 MB): beyond, a document is listed with its name and
 * size, and the JSON export carries it.
 */
export const EMBEDDED_DOCUMENTS_MAX_BYTES = 30 * 1024 * 1024;

type Row = { label: string; value: ReactNode };

const CALLBACK_STATUS: Record<string, string> = { new: 'New', contacted: 'Contacted', closed: 'Closed' };
/** A request's status in a customer's words: the back-office's "won" and "lost" are its own. */
const REQUEST_STATUS: Record<string, string> = { new: 'New', contacted: 'Contacted', quoted: 'Quoted', won: 'Accepted', lost: 'Not taken up' };
const RENEWAL_STATUS: Record<string, string> = { ...REQUEST_STATUS, won: 'Renewed', lost: 'Lapsed' };
const MAIL_STATUS: Record<string, string> = { sent: 'Sent', queued: 'Waiting to be sent', failed: 'Could not be delivered' };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

type HistoryEvent = PersonData['events'][number] | PersonData['callbackEvents'][number];

/** One history entry in words: a status change, a note, a next step or an outcome. */
function eventWords(event: HistoryEvent, words: Record<string, string>): string {
  const detail = event.detail ?? {};
  const step = text(detail.step);
  const due = text(detail.due) ? `, by ${formatCalendarDate(text(detail.due))}` : '';
  switch (event.kind) {
    case 'next-step-set':
      return `Next step planned: ${step}${due}`;
    case 'next-step-done':
      return `Next step done: ${step}`;
    case 'next-step-cleared':
      return step ? `Next step cancelled: ${step}` : 'Next step cancelled';
    case 'outcome': {
      if (detail.outcome === 'lost') {
        const reason = LOST_REASON_LABELS[text(detail.lostReason) as LostReason];
        return reason ? `Recorded as not taken up: ${reason}` : 'Recorded as not taken up';
      }
      const premium = text(detail.premium) ? `${formatEuro(text(detail.premium))} premium` : '';
      const quote = [premium, text(detail.insurer)].filter(Boolean).join(' with ');
      return quote ? `Quote recorded: ${quote}` : 'Quote recorded';
    }
    default: {
      if (!event.toStatus) return 'Note';
      const to = words[event.toStatus] ?? event.toStatus;
      return event.fromStatus ? `Status changed from ${words[event.fromStatus] ?? event.fromStatus} to ${to}` : `Status set to ${to}`;
    }
  }
}

function History({ events, words }: { events: HistoryEvent[]; words: Record<string, string> }) {
  if (events.length === 0) return null;
  return h(
    Fragment,
    null,
    h('h4', null, 'What happened'),
    h(
      'ol',
      { className: 'history' },
      events.map((event) =>
        h(
          'li',
          { key: event.id },
          h('time', { dateTime: event.createdAt.toISOString() }, formatDublinDateTime(event.createdAt)),
          h('span', null, eventWords(event, words)),
          event.note ? h('p', { className: 'words' }, event.note) : null,
        ),
      ),
    ),
  );
}

function Facts({ rows }: { rows: Row[] }) {
  return h(
    'table',
    { className: 'facts' },
    h(
      'tbody',
      null,
      rows.map((row) => h('tr', { key: row.label }, h('th', { scope: 'row' }, row.label), h('td', null, row.value))),
    ),
  );
}

/** An answer; a repeated group's item (a claim) as its parts, one a line. */
function answerValue(row: AnswerRow): ReactNode {
  if (!row.parts) return row.value;
  return h(
    'ul',
    { className: 'parts' },
    row.parts.map((part) => h('li', { key: part.label }, `${part.label}: ${part.value}`)),
  );
}

type Document = PersonData['files'][number] & { content: string | null; reason: 'missing' | 'too large' | null };

function Documents({ documents }: { documents: Document[] }) {
  if (documents.length === 0) return null;
  return h(
    Fragment,
    null,
    h('h4', null, 'Documents you sent'),
    h(
      'ul',
      { className: 'documents' },
      documents.map((document) =>
        h(
          'li',
          { key: document.id },
          document.content
            ? h('a', { href: `data:application/octet-stream;base64,${document.content}`, download: document.originalName }, document.originalName)
            : h('strong', null, document.originalName),
          ` (${formatFileSize(document.bytes)}, received ${formatDublinDateTime(document.createdAt)})`,
          document.reason === 'too large'
            ? h('span', { className: 'aside' }, ' Too large to include in this page: it is in the data file (JSON) sent with it.')
            : document.reason === 'missing'
              ? h('span', { className: 'aside' }, ' Only its name and size are kept: the file itself is no longer held.')
              : null,
        ),
      ),
    ),
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children?: ReactNode }) {
  return h('section', { id, 'aria-labelledby': `${id}-title` }, h('h2', { id: `${id}-title` }, title), h('p', { className: 'intro' }, intro), children);
}

const STYLE = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0; background: ${MAIL_COLOURS.page}; color: ${MAIL_COLOURS.ink}; font: 16px/1.5 'Segoe UI', Roboto, Helvetica, Arial, sans-serif; }
.page { max-width: 52rem; margin: 0 auto; padding: 0 1rem 2rem; }
header.brand { background: ${MAIL_COLOURS.brand}; color: #fff; padding: 1.1rem 1.5rem; border-bottom: 4px solid ${MAIL_COLOURS.accent}; }
header.brand p { margin: 0; }
.brand-name { font-size: 1.3rem; font-weight: 700; }
.brand-legal { font-size: 0.85rem; opacity: 0.9; }
main { background: ${MAIL_COLOURS.surface}; padding: 1.5rem; }
h1 { margin: 0 0 1rem; color: ${MAIL_COLOURS.brand}; font-size: 1.75rem; line-height: 1.25; }
h2 { margin: 2.25rem 0 0.25rem; padding-top: 1rem; border-top: 2px solid ${MAIL_COLOURS.line}; color: ${MAIL_COLOURS.brand}; font-size: 1.35rem; }
h3 { margin: 1.5rem 0 0.5rem; font-size: 1.1rem; }
h4 { margin: 1rem 0 0.4rem; color: ${MAIL_COLOURS.muted}; font-size: 0.95rem; }
p { margin: 0 0 0.75rem; }
.intro, .aside { color: ${MAIL_COLOURS.muted}; }
.aside { font-size: 0.9rem; }
.record { margin-top: 1rem; padding: 0.25rem 1rem 1rem; border: 1px solid ${MAIL_COLOURS.line}; border-radius: 6px; break-inside: avoid-page; }
table.facts { width: 100%; border-collapse: collapse; margin: 0 0 0.5rem; }
table.facts th, table.facts td { padding: 0.4rem 0.75rem 0.4rem 0; border-top: 1px solid ${MAIL_COLOURS.line}; text-align: left; vertical-align: top; }
table.facts th { width: 36%; color: ${MAIL_COLOURS.muted}; font-weight: 600; }
table.facts td { overflow-wrap: anywhere; }
.message { white-space: pre-wrap; }
ul.parts { margin: 0; padding-left: 1.1rem; }
ol.history { margin: 0; padding: 0; list-style: none; }
ol.history li { padding: 0.4rem 0; border-top: 1px solid ${MAIL_COLOURS.line}; }
ol.history time { display: inline-block; min-width: 11rem; margin-right: 0.75rem; color: ${MAIL_COLOURS.muted}; font-variant-numeric: tabular-nums; }
.words, .mail-text { margin: 0.35rem 0 0; padding: 0.5rem 0.75rem; background: ${MAIL_COLOURS.page}; border-radius: 4px; white-space: pre-wrap; overflow-wrap: anywhere; }
.mail-text { font: inherit; font-size: 0.95rem; }
.summary { margin: 0 0 1rem; padding-left: 1.2rem; }
a { color: ${MAIL_COLOURS.brand}; }
footer { padding: 1rem 1.5rem; color: ${MAIL_COLOURS.muted}; font-size: 0.85rem; }
@media (max-width: 34rem) {
  main, header.brand, footer { padding-left: 1rem; padding-right: 1rem; }
  .page { padding: 0; }
  table.facts th, table.facts td { display: block; width: auto; }
  table.facts td { border-top: 0; padding-top: 0; }
}
@media print {
  body { background: #fff; font-size: 11pt; }
  .page { max-width: none; padding: 0; }
  header.brand { background: #fff; color: ${MAIL_COLOURS.ink}; border-bottom: 2px solid ${MAIL_COLOURS.ink}; padding: 0 0 0.5rem; }
  main { padding: 0.5rem 0; }
  h2 { break-after: avoid-page; }
  .words, .mail-text { background: none; border-left: 2px solid ${MAIL_COLOURS.line}; border-radius: 0; }
  footer { padding: 0.5rem 0; }
}
`;

/** The documents' contents, read from the store while within EMBEDDED_DOCUMENTS_MAX_BYTES together. */
async function withContents(objects: ObjectStore, files: PersonData['files']): Promise<Document[]> {
  let room = EMBEDDED_DOCUMENTS_MAX_BYTES;
  const documents: Document[] = [];
  for (const file of files) {
    if (file.bytes > room) {
      documents.push({ ...file, content: null, reason: 'too large' });
      continue;
    }
    const stored = await objects.get(storageKeys.leadFile(file.id));
    if (!stored) {
      documents.push({ ...file, content: null, reason: 'missing' });
      continue;
    }
    const content = Buffer.concat(await stored.body.toArray());
    room -= content.length;
    documents.push({ ...file, content: content.toString('base64'), reason: null });
  }
  return documents;
}

/** The readable export: a whole HTML document, doctype first. */
export async function readableExport(input: {
  facts: ExportFacts;
  email: string;
  data: PersonData;
  objects: ObjectStore;
  requestId: string;
  exportedAt?: Date;
}): Promise<string> {
  const { facts, email, data, objects, requestId, exportedAt = new Date() } = input;
  const documents = await withContents(objects, data.files);
  const callbackEvents = (id: string) => data.callbackEvents.filter((event) => event.contactId === id);
  const requestEvents = (id: string) => data.events.filter((event) => event.leadId === id);

  const held = [
    data.callbacks.length > 0 && { id: 'callbacks', label: plural(data.callbacks.length, 'callback request') },
    data.requests.length > 0 && { id: 'requests', label: plural(data.requests.length, 'quote or renewal request', 'quote and renewal requests') },
    data.mails.length > 0 && { id: 'mails', label: plural(data.mails.length, 'email') },
    data.user && { id: 'account', label: 'a staff account' },
  ].filter((item): item is { id: string; label: string } => Boolean(item));

  const callbacks =
    data.callbacks.length > 0 &&
    h(
      Section,
      {
        id: 'callbacks',
        title: 'Callback requests',
        intro: 'Requests you made through our website for us to ring you, with what you wrote and what we did about them.',
      },
      data.callbacks.map((callback) =>
        h(
          'article',
          { key: callback.id, className: 'record' },
          h('h3', null, `Callback request of ${formatDublinDateTime(callback.createdAt)}`),
          h(Facts, {
            rows: [
              { label: 'Name', value: callback.name },
              { label: 'Email', value: callback.email },
              { label: 'Phone', value: callback.phone },
              { label: 'Subject', value: callback.subject },
              { label: 'Your message', value: h('span', { className: 'message' }, callback.message) },
              { label: 'Status', value: CALLBACK_STATUS[callback.status] ?? callback.status },
              { label: 'Last changed', value: formatDublinDateTime(callback.updatedAt) },
            ],
          }),
          h(History, { events: callbackEvents(callback.id), words: CALLBACK_STATUS }),
        ),
      ),
    );

  const requests =
    data.requests.length > 0 &&
    h(
      Section,
      {
        id: 'requests',
        title: 'Quote and renewal requests',
        intro: 'Requests you sent through our website, with each answer under the question the form asked, the documents you attached and what we did.',
      },
      data.requests.map((request) => {
        const def = leadForms[request.kind];
        const words = request.kind === 'renewal' ? RENEWAL_STATUS : REQUEST_STATUS;
        // The form's steps as the visitor saw them ("About you"), not the staff's names for them.
        const sections = answerSections(def, request.answers as Answers)
          .map((section, index) => ({ ...section, title: def.steps[index]?.title ?? section.title }))
          .filter((section) => section.rows.length > 0);
        return h(
          'article',
          { key: request.id, className: 'record' },
          h('h3', null, `${def.title} ${request.reference}`),
          h(Facts, {
            rows: [
              { label: 'Kind', value: leadKinds[request.kind].label },
              { label: 'Reference', value: request.reference },
              { label: 'Received', value: formatDublinDateTime(request.createdAt) },
              { label: 'Status', value: words[request.status] ?? request.status },
              { label: 'Last changed', value: formatDublinDateTime(request.updatedAt) },
            ],
          }),
          sections.map((section) =>
            h(
              Fragment,
              { key: section.title },
              h('h4', null, section.title),
              h(Facts, { rows: section.rows.map((row) => ({ label: row.label, value: answerValue(row) })) }),
            ),
          ),
          h(Documents, { documents: documents.filter((document) => document.leadId === request.id) }),
          h(History, { events: requestEvents(request.id), words }),
        );
      }),
    );

  const mails =
    data.mails.length > 0 &&
    h(
      Section,
      {
        id: 'mails',
        title: 'Emails',
        intro:
          'Emails we sent to you, copied to you or that answer to you, and those about your requests (such as the copy our staff received), with their text.',
      },
      data.mails.map((mail) =>
        h(
          'article',
          { key: mail.id, className: 'record' },
          h('h3', null, mail.subject || '(No subject)'),
          h(Facts, {
            rows: [
              { label: mail.sentAt ? 'Sent' : 'Written', value: formatDublinDateTime(mail.sentAt ?? mail.createdAt) },
              { label: 'To', value: mail.to.join(', ') },
              ...(mail.cc.length > 0 ? [{ label: 'Copied to', value: mail.cc.join(', ') }] : []),
              ...(mail.replyTo ? [{ label: 'Replies go to', value: mail.replyTo }] : []),
              { label: 'Status', value: MAIL_STATUS[mail.status] ?? mail.status },
            ],
          }),
          mail.text
            ? h('pre', { className: 'mail-text' }, mail.text)
            : h('p', { className: 'aside' }, 'Only the envelope of this email is kept: its text was removed when our retention period for mail ended.'),
        ),
      ),
    );

  const user = data.user;
  const account =
    user &&
    h(
      Section,
      {
        id: 'account',
        title: 'Staff account',
        intro:
          'The account this address signs in to our back-office with. Its password and security codes are kept only in a form no one can read, so they are not shown.',
      },
      h(
        'article',
        { className: 'record' },
        h(Facts, {
          rows: [
            { label: 'Name', value: `${user.firstName} ${user.lastName}`.trim() },
            { label: 'Email', value: user.email },
            ...(user.pendingEmail ? [{ label: 'New email waiting to be confirmed', value: user.pendingEmail }] : []),
            { label: 'Role', value: roleNames[user.role] },
            { label: 'Two-step sign-in', value: user.twoFactorEnabled ? 'On' : 'Off' },
            { label: 'Created', value: formatDublinDateTime(user.createdAt) },
            { label: 'Last changed', value: formatDublinDateTime(user.updatedAt) },
          ],
        }),
      ),
    );

  const title = `Your personal data held by ${facts.brand}`;
  const page = h(
    'html',
    { lang: 'en-IE' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      // Nothing but the inline style and the embedded documents: no script, no request to anywhere.
      h('meta', { httpEquiv: 'Content-Security-Policy', content: "default-src 'none'; style-src 'unsafe-inline'; img-src data:" }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'referrer', content: 'no-referrer' }),
      h('title', null, title),
      // React writes a style element's text as it is (closing tags excepted): the CSS is the module's own.
      h('style', null, STYLE),
    ),
    h(
      'body',
      null,
      h(
        'div',
        { className: 'page' },
        h('header', { className: 'brand' }, h('p', { className: 'brand-name' }, facts.brand), h('p', { className: 'brand-legal' }, facts.legalName)),
        h(
          'main',
          null,
          h('h1', null, 'Your personal data'),
          h(
            'p',
            null,
            `This is a copy of the personal data ${facts.brand} holds about the email address `,
            h('strong', null, email),
            `, as it stood on ${formatDublinDateTime(exportedAt)} (Irish time). It answers your request for access to your data under article 15 of the General Data Protection Regulation.`,
          ),
          h(Facts, {
            rows: [
              { label: 'Prepared for', value: email },
              { label: 'Date', value: formatDublinDateTime(exportedAt) },
              { label: 'Reference', value: h('code', null, requestId) },
            ],
          }),
          held.length > 0
            ? h(
                Fragment,
                null,
                h('p', null, 'We hold:'),
                h(
                  'ul',
                  { className: 'summary' },
                  held.map((item) => h('li', { key: item.id }, h('a', { href: `#${item.id}` }, item.label))),
                ),
              )
            : h('p', null, h('strong', null, 'We hold no records about this email address.')),
          h(
            'p',
            null,
            `If anything here is wrong you may ask us to correct it, and you may ask us to erase what we do not need to keep. Write to ${facts.salesEmail} or ring ${facts.salesPhone}, and quote the reference above.`,
          ),
          callbacks,
          requests,
          mails,
          account,
        ),
        h(
          'footer',
          null,
          h('p', null, `${facts.brand}, ${facts.officeAddress}. ${facts.salesPhone}, ${facts.salesEmail}.`),
          h('p', null, `${facts.regulatoryStatement}.`),
        ),
      ),
    ),
  );
  return `<!doctype html>\n${renderToStaticMarkup(page)}\n`;
}
