// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#src/schemas/messages.ts';
import { DateInput, type DateInputProps } from '#src/ui/DateInput.tsx';
import { checkDateInput, dateInputBounds } from '#src/ui/date-input-rules.ts';
import { isIsoDate, toIsoDate } from '#src/lib/calendar-date.ts';

afterEach(cleanup);

/** 15 June 2025, local time. */
const TODAY = new Date(2025, 5, 15);

describe('toIsoDate and isIsoDate', () => {
  it('writes the local calendar day, zero-padded', () => {
    expect(toIsoDate(TODAY)).toBe('2025-06-15');
    expect(toIsoDate(new Date(2024, 0, 5, 23, 59))).toBe('2024-01-05');
  });
  it('accepts only real YYYY-MM-DD days', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-04-31')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('2024-00-10')).toBe(false);
    expect(isIsoDate('2024-1-5')).toBe(false);
    expect(isIsoDate('15/06/2025')).toBe(false);
    expect(isIsoDate('tomorrow')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isIsoDate('0099-01-01')).toBe(true);
  });
});

describe('dateInputBounds', () => {
  it('has no bounds unless told', () => {
    expect(dateInputBounds({ today: TODAY })).toEqual({});
  });
  it('forbidding past dates puts the minimum at today', () => {
    expect(dateInputBounds({ forbidPast: true, today: TODAY })).toEqual({ min: '2025-06-15' });
  });
  it('forbidding future dates puts the maximum at today', () => {
    expect(dateInputBounds({ forbidFuture: true, today: TODAY })).toEqual({ max: '2025-06-15' });
  });
  it('forbidding future dates with a given maximum date puts the maximum there', () => {
    expect(dateInputBounds({ forbidFuture: true, max: '2025-12-31', today: TODAY })).toEqual({ max: '2025-12-31' });
    expect(dateInputBounds({ forbidFuture: true, max: new Date(2025, 0, 2), today: TODAY })).toEqual({ max: '2025-01-02' });
  });
  it('applies a given maximum or minimum on its own too, and the later minimum with forbidPast', () => {
    expect(dateInputBounds({ max: '2030-01-01', today: TODAY })).toEqual({ max: '2030-01-01' });
    expect(dateInputBounds({ min: '2020-01-01', today: TODAY })).toEqual({ min: '2020-01-01' });
    expect(dateInputBounds({ forbidPast: true, min: '2020-01-01', today: TODAY })).toEqual({ min: '2025-06-15' });
    expect(dateInputBounds({ forbidPast: true, min: '2026-01-01', today: TODAY })).toEqual({ min: '2026-01-01' });
  });
  it('can forbid both, leaving only today', () => {
    expect(dateInputBounds({ forbidPast: true, forbidFuture: true, today: TODAY })).toEqual({ min: '2025-06-15', max: '2025-06-15' });
  });
  it('ignores an unparsable bound', () => {
    expect(dateInputBounds({ max: 'soon', today: TODAY })).toEqual({});
    expect(dateInputBounds({ forbidFuture: true, max: new Date('nonsense'), today: TODAY })).toEqual({ max: '2025-06-15' });
  });
});

describe('checkDateInput', () => {
  it('accepts a date inside the bounds, the bounds included', () => {
    expect(checkDateInput('2025-06-15', { forbidPast: true, today: TODAY })).toBe('');
    expect(checkDateInput('2025-07-01', { forbidPast: true, today: TODAY })).toBe('');
    expect(checkDateInput('2025-06-15', { forbidFuture: true, today: TODAY })).toBe('');
    expect(checkDateInput('1990-01-01', { forbidFuture: true, today: TODAY })).toBe('');
    expect(checkDateInput('1990-01-01', { today: TODAY })).toBe('');
  });
  it("says 'Please enter a valid date' for a past date when the past is forbidden", () => {
    expect(checkDateInput('2025-06-14', { forbidPast: true, today: TODAY })).toBe(messages.invalidDate);
  });
  it('says so for a future date when the future is forbidden, measured against the given maximum when there is one', () => {
    expect(checkDateInput('2025-06-16', { forbidFuture: true, today: TODAY })).toBe(messages.invalidDate);
    expect(checkDateInput('2025-06-16', { forbidFuture: true, max: '2025-12-31', today: TODAY })).toBe('');
    expect(checkDateInput('2026-01-01', { forbidFuture: true, max: '2025-12-31', today: TODAY })).toBe(messages.invalidDate);
  });
  it('says so for an unparsable or impossible date', () => {
    expect(checkDateInput('15/06/2025', { today: TODAY })).toBe('Please enter a valid date');
    expect(checkDateInput('2025-02-29', { today: TODAY })).toBe(messages.invalidDate);
    expect(checkDateInput('not a date', { today: TODAY })).toBe(messages.invalidDate);
  });
  it("treats empty as no value, or as 'Required' when required", () => {
    expect(checkDateInput('', { today: TODAY })).toBe('');
    expect(checkDateInput(undefined, { today: TODAY })).toBe('');
    expect(checkDateInput('  ', { required: true, today: TODAY })).toBe(messages.required);
  });
});

function Harness(props: Partial<DateInputProps> & { initial?: string; onValue?: (v: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      id="start"
      label="Cover start date"
      value={value}
      today={TODAY}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
      {...rest}
    />
  );
}

describe('<DateInput>', () => {
  it('is a labelled date input with min and max from the rules', () => {
    render(<Harness forbidPast />);
    const input = screen.getByLabelText('Cover start date') as HTMLInputElement;
    expect(input.type).toBe('date');
    expect(input.min).toBe('2025-06-15');
    expect(input.max).toBe('');
    cleanup();
    render(<Harness forbidFuture max="2025-12-31" />);
    expect((screen.getByLabelText('Cover start date') as HTMLInputElement).max).toBe('2025-12-31');
  });

  it('reports changes and shows the error only after the field was left', () => {
    const onValue = vi.fn();
    render(<Harness forbidPast onValue={onValue} />);
    const input = screen.getByLabelText('Cover start date');
    fireEvent.change(input, { target: { value: '2025-06-01' } });
    expect(onValue).toHaveBeenLastCalledWith('2025-06-01');
    expect(screen.queryByText(messages.invalidDate)).toBeNull();
    fireEvent.blur(input);
    const error = screen.getByText(messages.invalidDate);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(error.id);
    fireEvent.change(input, { target: { value: '2025-06-20' } });
    expect(screen.queryByText(messages.invalidDate)).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('writes the chosen date out the Irish way, whatever order the browser shows it in, and not beside an error', () => {
    render(<Harness forbidPast />);
    const input = screen.getByLabelText('Cover start date');
    fireEvent.change(input, { target: { value: '2025-07-03' } });
    const chosen = screen.getByText('3 Jul 2025');
    expect(input.getAttribute('aria-describedby')).toContain(chosen.id);
    fireEvent.change(input, { target: { value: '2025-06-01' } });
    fireEvent.blur(input);
    expect(screen.queryByText('1 Jun 2025')).toBeNull();
  });

  it("shows 'Required' for a required field left empty", () => {
    render(<Harness required />);
    fireEvent.blur(screen.getByLabelText('Cover start date'));
    expect(screen.getByText(messages.required)).toBeTruthy();
  });

  it('shows the form’s own message instead of its own, and ties the hint to the input', () => {
    render(<Harness error="Cover cannot start on a Sunday" touched hint="Today or later." />);
    const input = screen.getByLabelText('Cover start date');
    expect(screen.getByText('Cover cannot start on a Sunday')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toBe('start-hint start-error');
  });

  it('renders on the server without inline styles', () => {
    const html = renderToString(<DateInput id="d" label="Date" value="" onChange={() => undefined} forbidPast today={TODAY} />);
    expect(html).not.toContain('style=');
    expect(html).toContain('min="2025-06-15"');
  });
});
