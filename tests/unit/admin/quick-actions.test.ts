// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quickActions } from '#src/admin/list/pipeline-parts.ts';
import { renewalStatusLabel } from '#src/admin/kit/StatusBadge.tsx';
import { $login, type User } from '#src/admin/stores/session.ts';

/** The pipeline lists' row menus: the same quick actions in the same order, each row moved on to its next status. */

const ME = '11111111-1111-4111-8111-111111111111';
const row = (status: string, owner: string | null = null) => ({
  _id: 'r1',
  status,
  phone: '087 123 4567',
  owner: owner ? { _id: owner, name: 'Someone' } : null,
});
const labels = (...args: Parameters<typeof quickActions>) => quickActions(...args).map((item) => item.label);

afterEach(() => $login.setKey('user', null));

describe('quick actions', () => {
  it('ring, take on and move a record on, in that order, in every pipeline list', () => {
    $login.setKey('user', { _id: ME } as User);
    const change = vi.fn(async () => 'Saved.');
    expect(labels(row('new'), 'contact', change)).toEqual(['Call 087 123 4567', 'Assign to me', 'Mark contacted']);
    expect(labels(row('new'), 'lead', change)).toEqual(['Call 087 123 4567', 'Assign to me', 'Mark contacted']);
    expect(labels(row('new'), 'lead', change, renewalStatusLabel)).toEqual(['Call 087 123 4567', 'Assign to me', 'Mark contacted']);
  });

  it('offer the next status for a record already under way, and none once it is finished', () => {
    $login.setKey('user', { _id: ME } as User);
    const change = vi.fn(async () => 'Saved.');
    expect(labels(row('contacted', ME), 'contact', change)).toEqual(['Call 087 123 4567', 'Mark closed']);
    expect(labels(row('closed', ME), 'contact', change)).toEqual(['Call 087 123 4567']);
    expect(labels(row('contacted', ME), 'lead', change)).toEqual(['Call 087 123 4567', 'Mark quoted']);
    expect(labels(row('quoted', ME), 'lead', change)).toEqual(['Call 087 123 4567', 'Mark won']);
    expect(labels(row('quoted', ME), 'lead', change, renewalStatusLabel)).toEqual(['Call 087 123 4567', 'Mark renewed']);
    expect(labels(row('lost', ME), 'lead', change)).toEqual(['Call 087 123 4567']);
  });

  it('send the change as a one-row bulk action', () => {
    $login.setKey('user', { _id: ME } as User);
    const change = vi.fn(async () => 'Saved.');
    quickActions(row('quoted', ME), 'lead', change)
      .find((item) => item.label === 'Mark won')!
      .onSelect();
    expect(change).toHaveBeenCalledWith({ action: 'status', ids: ['r1'], status: 'won' });
  });
});

describe('renewal statuses', () => {
  it('name won Renewed and lost Lapsed, and the rest as every list does', () => {
    expect(['new', 'contacted', 'quoted', 'won', 'lost'].map(renewalStatusLabel)).toEqual(['New', 'Contacted', 'Quoted', 'Renewed', 'Lapsed']);
  });
});
