// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { leadStatuses, type LeadStatus } from '#src/schemas/leads/index.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';
import { addCalendarMonths } from '#src/lib/calendar-date.ts';
import type { BoardColumn } from '#src/admin/stores/lead-board.ts';
import type { Lead } from '#src/admin/stores/leads.ts';
import { BoardCard } from '#src/admin/screens/leads/BoardCard.tsx';
import { BoardStageTabs } from '#src/admin/screens/leads/BoardStageTabs.tsx';
import { ageOf, initialsOf } from '#src/admin/screens/leads/card-facts.ts';
import { premiumShown } from '#src/admin/screens/leads/outcome-facts.ts';

/** A board card's facts (age, value, owner, next step) and a phone's stage tabs (ARIA tabs, arrow keys). */

afterEach(cleanup);

/** An element's words as read, the icons' markup left out. */
const words = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();

const lead = (over: Partial<Lead> = {}): Lead => ({
  _id: '1',
  kind: 'van',
  reference: 'VQ-2026-000001',
  status: 'new',
  name: 'Aoife Byrne',
  email: 'aoife@example.ie',
  phone: '0871234567',
  registration: '',
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  owner: null,
  renewalDate: null,
  nextStep: '',
  nextStepDue: null,
  premium: null,
  insurer: '',
  lostReason: null,
  lostDetail: '',
  currentPremium: null,
  currentInsurer: '',
  ...over,
});

const card = (value: Lead, area: 'quotes' | 'renewals' = 'quotes') =>
  render(
    <ul>
      <BoardCard
        area={area}
        lead={value}
        label={(status) => status}
        onMove={vi.fn()}
        draggable={false}
        dragging={false}
        onDragStart={vi.fn()}
        onDragEnd={vi.fn()}
      />
    </ul>,
  ).container;

describe('a board card', () => {
  it('says how long ago the request came in, in Dublin days', () => {
    expect(ageOf('2026-03-10T09:00:00Z', '2026-03-10')).toBe('today');
    expect(ageOf('2026-03-09T09:00:00Z', '2026-03-10')).toBe('1 day');
    expect(ageOf('2026-03-07T09:00:00Z', '2026-03-10')).toBe('3 days');
    // 23:30 UTC on 31 May is 00:30 on 1 June in Dublin (summer time): received today, not yesterday.
    expect(ageOf('2026-05-31T23:30:00Z', '2026-06-01')).toBe('today');
  });

  it('makes initials of the first and last names, at most two', () => {
    expect(initialsOf('Site Administrator')).toBe('SA');
    expect(initialsOf('Orla Mary Quinn')).toBe('OQ');
    expect(initialsOf('orla')).toBe('O');
  });

  it('shows the premium quoted, else the current premium marked so, else none', () => {
    expect(premiumShown(lead({ premium: '1250.50', currentPremium: '1400' }))).toEqual({ amount: '1250.50', current: false });
    expect(premiumShown(lead({ currentPremium: '1400' }))).toEqual({ amount: '1400', current: true });
    expect(premiumShown(lead())).toBeNull();
  });

  it('reads value, owner, age, kind and next step, the owner as initials with the whole name for a screen reader', () => {
    const received = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const due = addCalendarMonths(todayInIreland(), -1);
    const root = card(
      lead({ createdAt: received, owner: { _id: 'u', name: 'Orla Quinn' }, currentPremium: '1400', nextStep: 'Ring about the van', nextStepDue: due }),
    );
    const item = within(root).getByRole('listitem');
    expect(item.querySelector('.board-card-premium')?.textContent).toBe('€1,400 current');
    expect(item.querySelector('.bo-avatar')?.getAttribute('data-initials')).toBe('OQ');
    expect(item.textContent).toContain('Owner: Orla Quinn');
    expect(words(item.querySelector('.board-card-age'))).toMatch(/^Received [34] days ago$/);
    expect(item.textContent).toContain('Van');
    const step = item.querySelector('.board-card-step')!;
    expect(step.getAttribute('title')).toBe('Ring about the van');
    expect(words(step)).toBe('Next step: Ring about the van overdue');
    expect(step.querySelector('.bo-badge-danger')?.textContent).toBe('overdue');
  });

  it('says Unassigned and leaves out a value, a step and the kind where there are none (a renewal)', () => {
    const root = card(lead({ kind: 'renewal', renewalDate: '2027-01-15' }), 'renewals');
    const item = within(root).getByRole('listitem');
    expect(item.textContent).toContain('Unassigned');
    expect(item.querySelector('.board-card-premium')).toBeNull();
    expect(item.querySelector('.board-card-step')).toBeNull();
    expect(item.textContent).not.toContain('Renewal ·');
    expect(item.textContent).toContain('Renews 15 Jan 2027');
    expect(words(item.querySelector('.board-card-age'))).toBe('Received today');
  });
});

const column = (total: number, loading = false): BoardColumn => ({
  items: [],
  total,
  estimate: false,
  premiumCents: 0,
  next: null,
  page: 1,
  loading,
  error: '',
});
const columns = (): Record<LeadStatus, BoardColumn> => ({ new: column(4), contacted: column(1), quoted: column(0), won: column(0, true), lost: column(2) });

function Tabs({ shown, onChoose }: { shown: LeadStatus; onChoose(status: LeadStatus): void }) {
  return <BoardStageTabs id="b" shown={shown} columns={columns()} label={(status) => status[0]!.toUpperCase() + status.slice(1)} onChoose={onChoose} />;
}

describe('the stage tabs', () => {
  it('are a tablist with each stage and its count once loaded, the chosen one selected and alone in the tab order', () => {
    render(<Tabs shown="contacted" onChoose={vi.fn()} />);
    const tabs = within(screen.getByRole('tablist', { name: 'Stages' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['New4', 'Contacted1', 'Quoted0', 'Won', 'Lost2']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([-1, 0, -1, -1, -1]);
    expect(tabs[1]!.getAttribute('aria-controls')).toBe('b-panel');
    expect(tabs[1]!.id).toBe('b-tab-contacted');
  });

  it('choose the next stage with the arrow keys (wrapping), the first and last with Home and End, and on a click', () => {
    const chosen: LeadStatus[] = [];
    const { rerender } = render(<Tabs shown="new" onChoose={(status) => chosen.push(status)} />);
    const list = screen.getByRole('tablist');
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    fireEvent.keyDown(list, { key: 'ArrowLeft' });
    fireEvent.keyDown(list, { key: 'End' });
    fireEvent.keyDown(list, { key: 'Home' });
    fireEvent.keyDown(list, { key: 'Enter' });
    expect(chosen).toEqual(['contacted', 'lost', 'lost', 'new']);
    rerender(<Tabs shown="lost" onChoose={(status) => chosen.push(status)} />);
    fireEvent.keyDown(list, { key: 'ArrowRight' });
    expect(chosen.at(-1)).toBe('new');
    expect(document.activeElement?.id).toBe('b-tab-new');
    fireEvent.click(screen.getByRole('tab', { name: /Quoted/ }));
    expect(chosen.at(-1)).toBe('quoted');
    expect(leadStatuses).toHaveLength(5);
  });
});
