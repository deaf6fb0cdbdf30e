import { describe, expect, it } from 'vitest';
import { auditDetailsLine } from '#src/admin/screens/audit/audit-details.ts';

const NIAMH = '0b5e4a52-3c1f-4f8e-9a3b-2d1c0e9f8a7b';
const people = [{ _id: NIAMH, name: 'Niamh Byrne' }];

describe('an audit entry’s details, as a line', () => {
  it('read a status change, an owner change and a redirect as a person would', () => {
    expect(auditDetailsLine({ from: 'new' }, people)).toBe('From New');
    expect(auditDetailsLine({ from: null, to: NIAMH }, people)).toBe('Owner: nobody → Niamh Byrne');
    expect(auditDetailsLine({ from: NIAMH, to: null }, people)).toBe('Owner: Niamh Byrne → nobody');
    expect(auditDetailsLine({ from: '/winter-van-check', to: '/blog', status: 302 }, people)).toBe(
      '/winter-van-check → /blog · Kind of redirect: Temporary (302)',
    );
  });

  it('names other details in words, and leaves out what does not fit a line', () => {
    expect(auditDetailsLine({ previousStatus: 'failed', attempts: 3 }, people)).toBe('Previous status: Failed · Tries: 3');
    expect(auditDetailsLine({ bodyShown: false }, people)).toBe('The message was not shown');
    expect(auditDetailsLine({ bodyShown: true }, people)).toBe('The message was read');
    expect(auditDetailsLine({ rows: 12, filter: { status: 'new' } }, people)).toBe('Rows: 12');
    expect(auditDetailsLine({ to: '9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f', from: null }, people)).toBe('Owner: nobody → a former colleague');
    expect(auditDetailsLine(null, people)).toBe('');
    // What the record's name says is not said twice; a short value stays, whatever digits the name holds.
    expect(auditDetailsLine({ from: '/a-page', to: '/blog', status: 301 }, people, 'Redirect: /a-page → /blog')).toBe('Kind of redirect: Permanent (301)');
    expect(auditDetailsLine({ months: 1, reference: 'PR-2026-000001' }, people, 'Privacy request: PR-2026-000001')).toBe('Extended by 1 month');
    expect(auditDetailsLine({ isAdmin: true }, people)).toBe('Administrator');
    // A role change names the roles as the Users screens do.
    expect(auditDetailsLine({ roleChange: true, passwordChange: false, from: 'broker', to: 'admin' }, people)).toBe(
      'Broker → Administrator · Role changed · Password change: No',
    );
    expect(auditDetailsLine({ dueOn: '2026-10-19' }, people)).toBe('Due on: 19 Oct 2026');
    // An API token's scopes by their names on the token's screens, never 'leads:read'.
    expect(auditDetailsLine({ scopes: ['callbacks:read', 'leads:read'], days: 90 }, people)).toBe(
      'May do: Read callbacks, read quotes and renewals · Valid for 90 days',
    );
    // An id that is not a person's (a section's) is not shown as one.
    expect(auditDetailsLine({ sectionId: NIAMH, name: 'Hero title' }, people)).toBe('Name: Hero title');
  });
});

it('names webhook events as the Webhooks screen does, one sentence with no capital mid-list', () => {
  expect(auditDetailsLine({ events: ['callback.received', 'status.changed'] }, [])).toBe('Events: Callback received, status changed');
});
