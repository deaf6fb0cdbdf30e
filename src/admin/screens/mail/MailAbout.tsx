import type { MailSummaryView } from '#src/schemas/mail-view.ts';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { recordLink } from '#src/admin/record-links.ts';

/** The record that caused the mail ("Quote: VQ-2026-000012 · Niamh Byrne"), a link where it can be opened. */
export const aboutOf = (mail: MailSummaryView) => recordLink(mail.ref, mail.about);

/**
 * The record as the Mail list's About column shows it: its kind as the link ("Renewal"), then
 * only what the row does not already say in its subject or its "To" line (the person's name
 * beside a subject holding the reference; not an invitation's address again), so the column
 * adds the record rather than repeating the subject. The link's words still name the whole
 * record to a screen reader.
 */
export function aboutParts(mail: MailSummaryView, subject: string): { kind: string; said: string[]; unsaid: string[]; href?: string } | null {
  const { text, href } = aboutOf(mail);
  if (!text) return null;
  const split = text.indexOf(': ');
  if (split === -1) return { kind: text, said: [], unsaid: [], href };
  const kind = text.slice(0, split);
  const parts = text.slice(split + 2).split(' · ');
  const row = [subject, ...mail.to].join('\n').toLocaleLowerCase('en-IE');
  const said = (part: string) => row.includes(part.toLocaleLowerCase('en-IE'));
  return { kind, said: parts.filter(said), unsaid: parts.filter((part) => !said(part)), href };
}

export function MailAbout({ mail, subject }: { mail: MailSummaryView; subject: string }) {
  const parts = aboutParts(mail, subject);
  if (!parts) return <NoValue label="Nothing in particular" />;
  const { kind, said, unsaid, href } = parts;
  if (!href) return <>{[kind, ...said, ...unsaid].join(' · ')}</>;
  // The whole record is the link's name ("Renewal: RN-2026-000005 · Eoin Ryan"); what the row already says is not shown again.
  return (
    <a href={href}>
      {kind}
      {said.length > 0 && <span className="visually-hidden">: {said.join(' · ')}</span>}
      {/* A no-break space first: a card lays the link out as a flex box, which drops a plain leading space. */}
      {unsaid.length > 0 && <span className="bo-muted">{`\u00a0· ${unsaid.join(' · ')}`}</span>}
    </a>
  );
}
