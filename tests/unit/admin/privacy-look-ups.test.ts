import { describe, expect, it } from 'vitest';
import { groupLookUps } from '#src/admin/screens/privacy/look-ups.ts';
import type { PrivacyTimelineEntryView } from '#src/schemas/privacy-timeline.ts';

const counts = { callbacks: 1, requests: 0, files: 0, mails: 0, user: false };
const entry = (id: string, type: PrivacyTimelineEntryView['type'], at: string, by = 'Niamh Byrne'): PrivacyTimelineEntryView => ({
  _id: id,
  type,
  at,
  by,
  receivedOn: null,
  dueOn: null,
  status: null,
  owner: null,
  noteChanged: false,
  note: '',
  months: null,
  reason: '',
  format: null,
  counts: type === 'looked-up' ? counts : null,
});

describe('a privacy request’s look-ups on its timeline', () => {
  it('draws a run by one person on one day as one entry, newest first', () => {
    const grouped = groupLookUps([
      entry('4', 'looked-up', '2026-12-01T15:00:00Z'),
      entry('3', 'looked-up', '2026-12-01T14:00:00Z'),
      entry('2', 'looked-up', '2026-12-01T09:00:00Z'),
      entry('1', 'logged', '2026-12-01T08:00:00Z'),
    ]);
    expect(grouped.map((item) => item.type)).toEqual(['looked-up-many', 'logged']);
    const [run] = grouped;
    expect(run?.type === 'looked-up-many' && run.entries.map((item) => item._id)).toEqual(['4', '3', '2']);
  });

  it('keeps a single look-up as it is, and does not join across people, days or other entries', () => {
    const grouped = groupLookUps([
      entry('6', 'looked-up', '2026-12-02T10:00:00Z'),
      entry('5', 'looked-up', '2026-12-01T16:00:00Z'),
      entry('4', 'looked-up', '2026-12-01T15:00:00Z', 'Sean Walsh'),
      entry('3', 'exported', '2026-12-01T14:30:00Z'),
      entry('2', 'looked-up', '2026-12-01T14:00:00Z'),
    ]);
    expect(grouped.map((item) => item.type)).toEqual(['looked-up', 'looked-up', 'looked-up', 'exported', 'looked-up']);
  });
});
