import { describe, expect, it } from 'vitest';
import type { MailSummaryView } from '#src/schemas/mail-view.ts';
import { aboutParts } from '#src/admin/screens/mail/MailAbout.tsx';

/** The Mail list's About column: the record a mail is about, without repeating its subject or recipient. */

const mail = (ref: string | null, about: MailSummaryView['about'], to = ['sales@shannon-insurance.ie']): MailSummaryView => ({
  _id: 'm1',
  to,
  cc: [],
  subject: '',
  status: 'sent',
  attempts: 1,
  lastError: null,
  ref,
  createdAt: '2026-12-01T02:00:00.000Z',
  nextAttemptAt: '2026-12-01T02:00:00.000Z',
  sentAt: '2026-12-01T02:00:00.000Z',
  failedAt: null,
  bodyRemoved: false,
  about,
});

const renewal = { name: 'RN-2026-000005 · Eoin Ryan', leadKind: 'renewal' };

describe("a mail's About", () => {
  it('names the kind of record as the link, and adds only what the subject does not say', () => {
    expect(aboutParts(mail('lead:r1', renewal, ['eoin.ryan@example.ie']), 'Your policy renewal request RN-2026-000005')).toEqual({
      kind: 'Renewal',
      said: ['RN-2026-000005'],
      unsaid: ['Eoin Ryan'],
      href: '/admin/renewals/view/r1',
    });
    expect(aboutParts(mail('lead:r1', renewal), 'Policy renewal RN-2026-000005: Eoin Ryan')).toMatchObject({ kind: 'Renewal', unsaid: [] });
  });

  it('does not repeat the address the mail went to', () => {
    const invitation = mail('invitation:i1', { name: 'padraig.nolan@shannon-insurance.ie', leadKind: null }, ['padraig.nolan@shannon-insurance.ie']);
    expect(aboutParts(invitation, 'You are invited to the back-office')).toMatchObject({ kind: 'Invitation', unsaid: [], href: '/admin/user/invitations' });
  });

  it('keeps a record that is gone, or has no screen, as words, and nothing for a mail about nothing', () => {
    expect(aboutParts(mail('lead:r1 RN-2026-000005', null), 'Your policy renewal request')).toMatchObject({
      kind: 'Quote or renewal RN-2026-000005 (deleted)',
      href: undefined,
    });
    expect(aboutParts(mail('password-reset:u1', null), 'Reset your password')).toMatchObject({ kind: 'Password reset' });
    expect(aboutParts(mail(null, null), 'Hello')).toBeNull();
  });
});
