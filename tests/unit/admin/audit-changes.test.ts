import { describe, expect, it } from 'vitest';
import { auditChangeRows, auditChangesLine } from '#src/admin/screens/audit/audit-changes.ts';
import { auditDetails, auditDetailsLine } from '#src/admin/screens/audit/audit-details.ts';

const NIAMH = '0b5e4a52-3c1f-4f8e-9a3b-2d1c0e9f8a7b';
const people = [{ _id: NIAMH, name: 'Niamh Byrne' }];

describe('an edit’s changes on the audit screen', () => {
  it('read each field in sentence case with its values in the record screens’ words', () => {
    const rows = auditChangeRows(
      {
        changes: [
          { field: 'firstName', from: 'Orla', to: 'Orlaith' },
          { field: 'role', from: 'broker', to: 'admin' },
          { field: 'owner', from: null, to: NIAMH },
          { field: 'status', from: 'new', to: 'quoted' },
          { field: 'nextStepDue', from: '2026-10-19', to: null },
          { field: 'premium', from: '1250.00', to: '1250.50' },
          { field: 'password', withheld: true },
          { field: 'body', withheld: true, fromLength: 1, toLength: 1204 },
          { field: 'email', erased: true },
        ],
      },
      people,
    );
    expect(rows.map(({ label, from, to }) => [label, from, to])).toEqual([
      ['First name', 'Orla', 'Orlaith'],
      ['Role', 'Broker', 'Administrator'],
      ['Owner', 'nobody', 'Niamh Byrne'],
      ['Status', 'New', 'Quoted'],
      ['Next step due', '19 Oct 2026', 'none'],
      ['Premium', '€1,250', '€1,250.50'],
      ['Password', undefined, 'Changed'],
      ['Body', undefined, 'Changed, 1,203 characters longer'],
      ['Email', undefined, 'Erased with the person’s data'],
    ]);
  });

  it('name an upload and link it to the Media screen, never by its id', () => {
    const before = '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e';
    const after = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const [upload, other] = auditChangeRows(
      {
        changes: [
          { field: 'mediaId', from: before, to: after },
          { field: 'sectionId', from: null, to: after },
        ],
      },
      people,
    );
    expect(upload).toEqual({
      field: 'mediaId',
      label: 'Image or video',
      from: 'The earlier upload',
      to: 'The new upload',
      fromHref: `/admin/media/view/${before}`,
      toHref: `/admin/media/view/${after}`,
    });
    expect([other?.from, other?.to]).toEqual(['none', 'something else']);
  });

  it('read a privacy request’s status, owner and deadline, kept as from and to, as changes too', () => {
    const details = { reference: 'DSR-2026-0004', status: { from: 'open', to: 'completed' }, ownerId: { from: null, to: NIAMH }, noteChanged: true };
    const rows = auditChangeRows(details, people);
    expect(rows.map(({ label, from, to }) => [label, from, to])).toEqual([
      ['Status', 'Open', 'Completed'],
      ['Owner', 'nobody', 'Niamh Byrne'],
    ]);
    expect(auditChangeRows({ dueOn: { from: '2026-11-02', to: '2027-01-02' }, months: 2 }, people).map(({ label, from, to }) => [label, from, to])).toEqual([
      ['Due on', '2 Nov 2026', '2 Jan 2027'],
    ]);
    // The other facts stay facts; a detail that merely has a from among other keys is not a change.
    expect(auditDetails(details, people)).toEqual([
      { label: 'Reference', value: 'DSR-2026-0004' },
      { label: 'Note changed', value: 'Yes' },
    ]);
    expect(auditChangeRows({ place: { from: 'a', to: 'b', extra: 1 } }, people)).toEqual([]);
  });

  it('say the one change in full on the collapsed line, or which fields changed', () => {
    expect(auditDetailsLine({ changes: [{ field: 'status', from: 'new', to: 'quoted' }] }, people)).toBe('Status: New → Quoted');
    expect(auditChangesLine(auditChangeRows({ changes: [{ field: 'body', withheld: true, fromLength: 2, toLength: 3 }] }, people))).toBe(
      'Body: changed, 1 character longer',
    );
    const several = {
      changes: [
        { field: 'title', from: 'A', to: 'B' },
        { field: 'tags', from: [], to: ['Vans'] },
        { field: 'publishedAt', from: null, to: '2026-11-30T09:00:00.000Z' },
      ],
    };
    expect(auditDetailsLine(several, people)).toBe('Changed title, tags and publish date');
  });

  it('leave out of the other facts what the changes say better', () => {
    const details = { roleChange: true, passwordChange: false, emailChangeRequested: false, changes: [{ field: 'role', from: 'broker', to: 'admin' }] };
    expect(auditDetails(details, people)).toEqual([]);
    // An entry written before changes were kept reads as it did.
    expect(auditDetailsLine({ from: 'new' }, people)).toBe('From New');
  });
});
