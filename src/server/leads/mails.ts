import { html, raw } from 'hono/html';
import type { AnswerSection } from '../../schemas/leads/answers.ts';

/** Said to every customer, in the words the issue asks for. */
export const NOT_COVER_YET =
  'Please note that a completed proposal does not by itself put cover in place: you are not insured until we confirm cover to you in writing.';

/** A question as the start of a line: 'Name:', but 'What has changed?' and '…reasonable care.' keep their own stop. */
export const labelled = (label: string) => (/[?.:!]$/.test(label.trim()) ? label.trim() : `${label.trim()}:`);

/** The broker's copy: every answer, grouped as on the form. */
export async function leadForSalesMail(options: { title: string; reference: string; name: string; sections: AnswerSection[]; link: string }) {
  const { title, reference, name, sections, link } = options;
  const text = [
    `${title} ${reference} from ${name}.`,
    `Open it in the back-office: ${link}`,
    '',
    ...sections.flatMap((section) => [section.title.toUpperCase(), ...section.rows.map((row) => `${labelled(row.label)} ${row.value}`), '']),
  ].join('\n');
  const body = html`<!doctype html>
<html lang="en-IE"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
<p><strong>${title} ${reference}</strong> from ${name}. <a href="${link}">Open it in the back-office</a>.</p>
${sections.map(
  (section) => html`<h2 style="font-size:16px;margin:18px 0 6px">${section.title}</h2>
<table style="border-collapse:collapse">${section.rows.map(
    (row) =>
      html`<tr><th style="text-align:left;vertical-align:top;padding:3px 12px 3px 0;font-weight:600">${row.label}</th><td style="padding:3px 0">${row.value}</td></tr>`,
  )}</table>`,
)}
${raw('</body></html>')}`;
  return { subject: `${title} ${reference}: ${name}`, text, html: String(await body) };
}

/** The customer's confirmation: the reference, what happens next, and that this is not cover yet. */
export async function leadReceivedMail(options: { brand: string; phone: string; title: string; reference: string; name: string; paymentUrl?: string | null }) {
  const { brand, phone, title, reference, name, paymentUrl } = options;
  // A renewal confirmation offers the broker's card payment provider when one is configured.
  const payText = paymentUrl ? ['', `Once we have confirmed your renewal premium, you can pay online by card: ${paymentUrl}`] : [];
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for your ${title.toLowerCase()} request. Your reference is ${reference}.`,
    'One of our brokers will review your answers and contact you, usually within one working day.',
    ...payText,
    '',
    NOT_COVER_YET,
    '',
    `If anything in your answers changes, or you have a question, call us on ${phone} and quote ${reference}.`,
    '',
    brand,
  ].join('\n');
  const body = html`<!doctype html>
<html lang="en-IE"><body style="font-family:Arial,sans-serif;color:#1b2530;line-height:1.5">
<p>Hello ${name},</p>
<p>Thank you for your ${title.toLowerCase()} request. Your reference is <strong>${reference}</strong>.</p>
<p>One of our brokers will review your answers and contact you, usually within one working day.</p>
${paymentUrl ? html`<p>Once we have confirmed your renewal premium, you can <a href="${paymentUrl}">pay online</a> by card.</p>` : ''}
<p><strong>${NOT_COVER_YET}</strong></p>
<p>If anything in your answers changes, or you have a question, call us on ${phone} and quote ${reference}.</p>
<p>${brand}</p>
${raw('</body></html>')}`;
  return { subject: `Your ${title.toLowerCase()} request ${reference}`, text, html: String(await body) };
}
