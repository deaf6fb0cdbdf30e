// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#src/api/client.ts';
import { StageBar, type StagePrompt } from '#src/admin/components/StageBar.tsx';
import { tableMinWidth } from '#src/admin/list/side-scroll.ts';

/** The record page's stage bar: a click saves at once, a refusal puts it back, a stage that needs more asks first. */

// The dialogs are the browser's (SweetAlert2): what they were asked to say is what matters here.
const dialogs = vi.hoisted(() => ({ toast: vi.fn(), showError: vi.fn(async () => undefined) }));
vi.mock('#src/ui/dialogs.ts', () => dialogs);

const statuses = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
type Status = (typeof statuses)[number];

const bar = () => screen.getByRole('group', { name: 'Status' });
const stage = (name: string) => within(bar()).getByRole('button', { name });

beforeEach(() => {
  dialogs.toast.mockClear();
  dialogs.showError.mockClear();
});
afterEach(cleanup);

describe('the stage bar', () => {
  it('saves a stage on one click, shown as pressed before the server answers, with a toast', async () => {
    let answer!: (message: string) => void;
    const onSave = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    render(<StageBar statuses={statuses} status="new" onSave={onSave} />);
    expect(stage('New').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(stage('Contacted'));
    expect(onSave).toHaveBeenCalledWith('contacted');
    expect(stage('Contacted').getAttribute('aria-pressed')).toBe('true');
    expect(stage('New').getAttribute('aria-pressed')).toBe('false');
    await act(async () => answer('Saved.'));
    expect(dialogs.toast).toHaveBeenCalledWith('Saved.', 'Success!');
    expect(dialogs.showError).not.toHaveBeenCalled();
  });

  it('puts the stage back and says why when the server refuses', async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(403, 'You may not change this request.');
    });
    render(<StageBar statuses={statuses} status="contacted" onSave={onSave} />);
    await act(async () => fireEvent.click(stage('Won')));
    expect(dialogs.showError).toHaveBeenCalledWith('You may not change this request.');
    expect(stage('Contacted').getAttribute('aria-pressed')).toBe('true');
    expect(stage('Won').getAttribute('aria-pressed')).toBe('false');
    expect(dialogs.toast).not.toHaveBeenCalled();
  });

  it('asks first for a stage that needs more, saving nothing; Escape leaves the stage as it was, focus on its button', async () => {
    const onSave = vi.fn(async () => 'Saved.');
    const lostPrompt: StagePrompt = {
      title: 'Why was it lost?',
      body: ({ done }) => (
        <button type="button" onClick={done}>
          Mark lost
        </button>
      ),
    };
    render(
      <StageBar<Status> statuses={statuses} status="quoted" endsBadly="lost" onSave={onSave} promptFor={(s) => (s === 'lost' ? lostPrompt : undefined)} />,
    );
    fireEvent.click(stage('Lost'));
    const prompt = screen.getByRole('group', { name: 'Why was it lost?' });
    expect(onSave).not.toHaveBeenCalled();
    expect(stage('Lost').getAttribute('aria-expanded')).toBe('true');
    expect(stage('Quoted').getAttribute('aria-pressed')).toBe('true');
    fireEvent.keyDown(within(prompt).getByRole('button', { name: 'Mark lost' }), { key: 'Escape' });
    expect(screen.queryByRole('group', { name: 'Why was it lost?' })).toBeNull();
    expect(document.activeElement).toBe(stage('Lost'));
    // Sent: the prompt's own save did the work, and the bar shows the stage reached.
    fireEvent.click(stage('Lost'));
    fireEvent.click(screen.getByRole('button', { name: 'Mark lost' }));
    expect(screen.queryByRole('group', { name: 'Why was it lost?' })).toBeNull();
    expect(stage('Lost').getAttribute('aria-pressed')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('marks the stages passed before the current one, and none once lost', () => {
    const { rerender } = render(<StageBar<Status> statuses={statuses} status="quoted" endsBadly="lost" onSave={async () => ''} />);
    expect(stage('New').dataset.state).toBe('passed');
    expect(stage('Contacted').dataset.state).toBe('passed');
    expect(stage('Quoted').dataset.state).toBe('current');
    expect(stage('Won').dataset.state).toBeUndefined();
    rerender(<StageBar<Status> statuses={statuses} status="lost" endsBadly="lost" onSave={async () => ''} />);
    expect(stage('New').dataset.state).toBeUndefined();
    expect(stage('Lost').dataset.state).toBe('lost');
  });
});

describe("a table's least width", () => {
  it('adds the widths of the columns on screen, a floor for the name and the others without one, and the box and actions columns', () => {
    const columns = [
      { key: 'name', label: 'Name', cell: () => '' },
      { key: 'kind', label: 'Kind', cell: () => '', width: '5.75rem' },
      { key: 'note', label: 'Note', cell: () => '' },
    ];
    expect(tableMinWidth(columns, 'name', true, true)).toBe('calc(2.75rem + 11rem + 5.75rem + 8rem + 5rem)');
    expect(tableMinWidth(columns.slice(0, 2), 'name', false, false)).toBe('calc(11rem + 5.75rem)');
  });
});
