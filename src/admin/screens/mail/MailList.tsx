import { useStore } from '@nanostores/react';
import { MailCheck } from 'lucide-static';
import { MAIL_AUDIENCE_LABELS, type MailStatus, mailAudiences } from '#src/schemas/mail.ts';
import type { MailSummaryView } from '#src/schemas/mail-view.ts';
import { WholeReferences } from '#src/admin/kit/WholeReferences.tsx';
import { NoValue } from '#src/admin/kit/NoValue.tsx';
import { StatusBadge } from '#src/admin/kit/StatusBadge.tsx';
import type { ListDescriptor } from '#src/admin/list/descriptor.ts';
import { ListScreen } from '#src/admin/list/ListScreen.tsx';
import { $mailList, mailList, type MailListState } from '#src/admin/stores/mail.ts';
import { go } from '#src/admin/stores/router.ts';
import { canResend, MAIL_STATUS_LABELS, REMOVED_SUBJECT, sendAgain } from './mail-actions.ts';
import { DATE_TIME_COLUMN_WIDTH, DateTimeCell } from '#src/admin/kit/DateTimeCell.tsx';
import { aboutOf, MailAbout } from './MailAbout.tsx';

const subject = (mail: MailSummaryView) => (mail.bodyRemoved ? REMOVED_SUBJECT : mail.subject);
const view = (mail: MailSummaryView) => `/admin/mail/view/${mail._id}`;

/** "Open the quote": the row menu's way to the callback or request a mail is about, while it exists. */
function openAbout(mail: MailSummaryView) {
  const { text, href } = aboutOf(mail);
  const noun = /^(Callback|Quote|Renewal):/.exec(text)?.[1];
  return href && noun ? [{ label: `View the ${noun.toLowerCase()}`, onSelect: () => go(href) }] : [];
}

/** The status views' order: what needs someone first. */
const VIEW_ORDER: readonly MailStatus[] = ['failed', 'queued', 'sent'];

/** The date column's name while the list shows one status; with all of them it is 'Sent'. */
const WHEN: Record<MailStatus, string> = { queued: 'Queued', sent: 'Sent', failed: 'Failed' };

/**
 * The moment the date column shows: when the mail was queued or failed in those lists, else
 * when it was sent (none yet for a queued or failed one: its badge says why).
 */
function whenOf(mail: MailSummaryView, status: string | undefined): string | null {
  if (status === 'queued') return mail.createdAt;
  if (status === 'failed') return mail.failedAt ?? mail.createdAt;
  return mail.sentAt;
}

function mailDescriptor(state: MailListState): ListDescriptor<MailSummaryView> {
  return {
    title: 'Mail',
    description: 'Every message the site sends, to visitors and to your team. A failed one could not be delivered: put the cause right, then send it again.',
    noun: { one: 'message', many: 'messages' },
    primary: 'subject',
    // Under the subject, who it went to, or why it failed: one column where two were mostly empty.
    secondary: (mail) => (mail.lastError ? `${mail.status === 'failed' ? 'Failed' : 'Last try'}: ${mail.lastError}` : `To ${mail.to.join(', ')}`),
    columns: [
      // Subject and About are what the list is read by: two lines each before the cut (the whole on hover and focus).
      { key: 'subject', label: 'Subject', cell: (mail) => <WholeReferences text={subject(mail)} />, text: subject, truncate: 2 },
      {
        key: 'status',
        label: 'Status',
        cell: (mail) => <StatusBadge status={mail.status} label={MAIL_STATUS_LABELS[mail.status]} />,
        width: '6.75rem',
        card: 'badge',
      },
      // What the mail concerns, one click from the record staff work on: its kind as the link, and
      // what the subject does not already say (MailAbout.tsx); the whole record on hover.
      {
        key: 'about',
        label: 'About',
        cell: (mail) => <MailAbout mail={mail} subject={subject(mail)} />,
        text: (mail) => aboutOf(mail).text,
        empty: (mail) => !aboutOf(mail).text,
        truncate: 2,
        width: '15rem',
        priority: 3,
      },
      // Nearly always 1, and a failed mail says why under its subject: the first to step aside (the Columns menu brings it back).
      { key: 'attempts', label: 'Tries', cell: (mail) => mail.attempts, width: '5rem', align: 'end', priority: 4, card: 'omit' },
      // One date, named for what it is: when each mail went (or, in the Queued and Failed lists, was queued or failed).
      {
        key: 'when',
        label: WHEN[state.filter.status as MailStatus] ?? 'Sent',
        cell: (mail) => {
          const at = whenOf(mail, state.filter.status);
          return at ? <DateTimeCell at={at} /> : <NoValue label={mail.status === 'queued' ? 'Not sent yet' : 'Not sent'} />;
        },
        empty: (mail) => !whenOf(mail, state.filter.status),
        width: DATE_TIME_COLUMN_WIDTH,
        nowrap: true,
        priority: 2,
        card: 'meta',
      },
    ],
    rowId: (mail) => mail._id,
    rowName: subject,
    rowHref: view,
    rowActions: (mail) => [...openAbout(mail), ...(canResend(mail) ? [{ label: 'Send again', onSelect: () => void sendAgain(mail._id) }] : [])],
    // One view per status, the failed first: they are the mails someone has to act on.
    views: [
      { label: 'All', filter: {} },
      ...VIEW_ORDER.map((status) => ({
        label: MAIL_STATUS_LABELS[status],
        filter: { status },
        ...(state.counts_estimated.includes(status) ? {} : { count: state.counts[status] }),
        ...(status === 'failed' ? { tone: 'danger' as const } : {}),
      })),
    ],
    filters: [
      { key: 'q', label: 'Search', kind: 'search', scope: 'Recipient or subject' },
      // A visitor's own mails (acknowledgements) apart from the team's (new requests, sign-in links, notices).
      {
        key: 'audience',
        label: 'Sent to',
        kind: 'select',
        any: 'Anyone',
        options: mailAudiences.map((audience) => ({ value: audience, label: MAIL_AUDIENCE_LABELS[audience] })),
      },
    ],
    empty: { icon: MailCheck, title: 'No mail yet', text: 'Mail to visitors and to the sales team appears here as the site sends it.' },
  };
}

/** /admin/mail: the outbox (queued, sent and failed mail) with its attempts and errors; filters and page live in the address. */
export function MailList() {
  const state = useStore($mailList);
  return <ListScreen source={mailList} descriptor={mailDescriptor(state)} />;
}
