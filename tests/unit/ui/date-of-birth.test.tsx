// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#src/schemas/messages.ts';
import { DateOfBirth } from '#src/ui/DateOfBirth.tsx';
import {
  calendarYearsContext,
  clampDateOfBirth,
  combineDateOfBirth,
  dateOfBirthCutoff,
  dateOfBirthError,
  dayOptions,
  daysInMonth,
  DOB_DAY_MAX,
  DOB_DEFAULT_MINIMUM_AGE,
  DOB_MONTH_MAX,
  DOB_YEARS_LISTED,
  isLeapYear,
  MONTH_NAMES,
  monthOptions,
  setDateOfBirthPart,
  splitDateOfBirth,
  yearOptions,
} from '#src/ui/date-of-birth-rules.ts';

afterEach(cleanup);

/** 15 June 2025, local time: with the default minimum age of 17 the cutoff is 15 June 2008. */
const TODAY = new Date(2025, 5, 15);
const ctx = { minimumAge: 17, today: TODAY };
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('date of birth constants', () => {
  it('lists 100 years, day max 31, month max 12, minimum age 17 by default', () => {
    expect(DOB_YEARS_LISTED).toBe(100);
    expect(DOB_DAY_MAX).toBe(31);
    expect(DOB_MONTH_MAX).toBe(12);
    expect(DOB_DEFAULT_MINIMUM_AGE).toBe(17);
  });
  it('names the months in English, January first', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect(MONTH_NAMES[0]).toBe('January');
    expect(MONTH_NAMES[11]).toBe('December');
  });
  it('puts the cutoff at today, minimum age years back', () => {
    expect(dateOfBirthCutoff(17, TODAY)).toEqual({ year: 2008, month: 6, day: 15 });
    expect(dateOfBirthCutoff(25, TODAY)).toEqual({ year: 2000, month: 6, day: 15 });
  });
});

describe('yearOptions', () => {
  it('lists 100 years back from the current year minus the minimum age, newest first', () => {
    const years = yearOptions(17, TODAY);
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2008);
    expect(years.at(-1)).toBe(1909);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });
  it('moves with the minimum age and with today', () => {
    expect(yearOptions(18, TODAY)[0]).toBe(2007);
    expect(yearOptions(0, new Date(2030, 0, 1))[0]).toBe(2030);
    expect(yearOptions(0, new Date(2030, 0, 1)).at(-1)).toBe(1931);
  });
});

describe('monthOptions', () => {
  it('offers 1 to 12 in any year before the cutoff year, and while no year is chosen', () => {
    expect(monthOptions(2007, 17, TODAY)).toEqual(range(1, 12));
    expect(monthOptions('1960', 17, TODAY)).toEqual(range(1, 12));
    expect(monthOptions('', 17, TODAY)).toEqual(range(1, 12));
  });
  it('caps at the current month in the cutoff year', () => {
    expect(monthOptions(2008, 17, TODAY)).toEqual(range(1, 6));
    expect(monthOptions('2008', 17, TODAY)).toEqual(range(1, 6));
    expect(monthOptions(2008, 17, new Date(2025, 0, 31))).toEqual([1]);
    expect(monthOptions(2008, 17, new Date(2025, 11, 1))).toEqual(range(1, 12));
  });
});

describe('dayOptions', () => {
  it('offers 1 to 31 for a 31-day month and while no month is chosen', () => {
    expect(dayOptions(1990, 1, 17, TODAY)).toEqual(range(1, 31));
    expect(dayOptions('', '', 17, TODAY)).toEqual(range(1, 31));
    expect(dayOptions(2008, '', 17, TODAY)).toEqual(range(1, 31));
  });
  it('stops at 30 in 30-day months', () => {
    for (const month of [4, 6, 9, 11]) expect(dayOptions(1990, month, 17, TODAY)).toHaveLength(30);
  });
  it('gives February 29 days in a leap year and 28 in a common one', () => {
    expect(dayOptions(2004, 2, 17, TODAY)).toHaveLength(29);
    expect(dayOptions(2000, 2, 17, TODAY)).toHaveLength(29);
    expect(dayOptions(1999, 2, 17, TODAY)).toHaveLength(28);
    expect(dayOptions(2001, 2, 17, TODAY)).toHaveLength(28);
  });
  it('allows 29 February while the year is not chosen yet', () => {
    expect(dayOptions('', 2, 17, TODAY)).toHaveLength(29);
  });
  it("caps at today's day of month in the cutoff year and month", () => {
    expect(dayOptions(2008, 6, 17, TODAY)).toEqual(range(1, 15));
    expect(dayOptions(2008, 5, 17, TODAY)).toEqual(range(1, 31));
    expect(dayOptions(2007, 6, 17, TODAY)).toEqual(range(1, 30));
  });
  it("never goes past the month's length, even when today's day is larger", () => {
    // 31 March 2025, minimum age 17 → cutoff 31 March 2008; 29 February 2024 → cutoff February 2007 (28 days).
    expect(dayOptions(2008, 3, 17, new Date(2025, 2, 31))).toHaveLength(31);
    expect(dayOptions(2007, 2, 17, new Date(2024, 1, 29))).toHaveLength(28);
  });
  it('knows leap years and month lengths', () => {
    expect([1900, 2000, 2023, 2024].map(isLeapYear)).toEqual([false, true, false, true]);
    expect(daysInMonth(2, 2023)).toBe(28);
    expect(daysInMonth(2, 2024)).toBe(29);
    expect(daysInMonth(2)).toBe(29);
    expect(daysInMonth(4, 2023)).toBe(30);
    expect(daysInMonth(12, 2023)).toBe(31);
  });
});

describe('combineDateOfBirth', () => {
  it('combines to year-month-day with zero-padded month and day', () => {
    expect(combineDateOfBirth({ day: '7', month: '3', year: '1990' }, ctx)).toBe('1990-03-07');
    expect(combineDateOfBirth({ day: '25', month: '12', year: '1985' }, ctx)).toBe('1985-12-25');
    expect(combineDateOfBirth({ day: '07', month: '03', year: '1990' }, ctx)).toBe('1990-03-07');
  });
  it('is cleared when any part is missing', () => {
    expect(combineDateOfBirth({ day: '', month: '3', year: '1990' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '7', month: '', year: '1990' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '7', month: '3', year: '' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '7', month: '3' }, ctx)).toBe('');
    expect(combineDateOfBirth({}, ctx)).toBe('');
  });
  it('is cleared for a day the month does not have', () => {
    expect(combineDateOfBirth({ day: '31', month: '4', year: '1990' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '29', month: '2', year: '1990' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '29', month: '2', year: '1992' }, ctx)).toBe('1992-02-29');
  });
  it('is cleared after the cutoff or before the oldest year listed, kept on the cutoff itself', () => {
    expect(combineDateOfBirth({ day: '15', month: '6', year: '2008' }, ctx)).toBe('2008-06-15');
    expect(combineDateOfBirth({ day: '16', month: '6', year: '2008' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '1', month: '7', year: '2008' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '1', month: '1', year: '2010' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '1', month: '1', year: '1909' }, ctx)).toBe('1909-01-01');
    expect(combineDateOfBirth({ day: '31', month: '12', year: '1908' }, ctx)).toBe('');
  });
  it('is cleared for parts that are not numbers', () => {
    expect(combineDateOfBirth({ day: 'x', month: '3', year: '1990' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '0', month: '3', year: '1990' }, ctx)).toBe('');
    expect(combineDateOfBirth({ day: '1', month: '13', year: '1990' }, ctx)).toBe('');
  });
});

describe('splitDateOfBirth', () => {
  it('gives the parts unpadded, as the selects hold them', () => {
    expect(splitDateOfBirth('1990-03-07')).toEqual({ day: '7', month: '3', year: '1990' });
    expect(splitDateOfBirth('1985-12-25')).toEqual({ day: '25', month: '12', year: '1985' });
  });
  it('gives empty parts for an empty or malformed value', () => {
    const empty = { day: '', month: '', year: '' };
    expect(splitDateOfBirth('')).toEqual(empty);
    expect(splitDateOfBirth(undefined)).toEqual(empty);
    expect(splitDateOfBirth('07/03/1990')).toEqual(empty);
  });
  it('round-trips with combineDateOfBirth', () => {
    expect(combineDateOfBirth(splitDateOfBirth('1979-01-09'), ctx)).toBe('1979-01-09');
  });
});

describe('clearing parts that are no longer allowed', () => {
  it('clears the day when the month changes to one without it', () => {
    const parts = { day: '31', month: '1', year: '1990' };
    expect(setDateOfBirthPart(parts, 'month', '4', ctx)).toEqual({ day: '', month: '4', year: '1990' });
    expect(setDateOfBirthPart(parts, 'month', '3', ctx)).toEqual({ day: '31', month: '3', year: '1990' });
  });
  it('clears 29 February when the year changes to a common year', () => {
    const parts = { day: '29', month: '2', year: '1992' };
    expect(setDateOfBirthPart(parts, 'year', '1993', ctx)).toEqual({ day: '', month: '2', year: '1993' });
    expect(setDateOfBirthPart(parts, 'year', '1996', ctx)).toEqual({ day: '29', month: '2', year: '1996' });
  });
  it('clears a month or day beyond the cutoff when the cutoff year is chosen', () => {
    expect(setDateOfBirthPart({ day: '20', month: '9', year: '' }, 'year', '2008', ctx)).toEqual({ day: '20', month: '', year: '2008' });
    expect(setDateOfBirthPart({ day: '20', month: '6', year: '' }, 'year', '2008', ctx)).toEqual({ day: '', month: '6', year: '2008' });
  });
  it('clears a year outside the list', () => {
    expect(clampDateOfBirth({ day: '1', month: '1', year: '1800' }, ctx)).toEqual({ day: '1', month: '1', year: '' });
  });
});

describe('dateOfBirthError', () => {
  const half = { day: '7', month: '', year: '1990' };
  it('says nothing before a part is touched', () => {
    expect(dateOfBirthError(half, false, ctx)).toBe('');
    expect(dateOfBirthError(half, {}, ctx)).toBe('');
    expect(dateOfBirthError(half, { day: false }, ctx)).toBe('');
  });
  it("says 'Please enter a valid date' once a part was touched and the combined date is empty", () => {
    expect(dateOfBirthError(half, true, ctx)).toBe(messages.invalidDate);
    expect(dateOfBirthError(half, { month: true }, ctx)).toBe('Please enter a valid date');
    expect(dateOfBirthError({ day: '', month: '', year: '' }, true, ctx)).toBe(messages.invalidDate);
    expect(dateOfBirthError({ day: '31', month: '4', year: '1990' }, true, ctx)).toBe(messages.invalidDate);
  });
  it('says nothing for a complete date', () => {
    expect(dateOfBirthError({ day: '7', month: '3', year: '1990' }, true, ctx)).toBe('');
  });
  it('lets an optional date stay wholly empty', () => {
    expect(dateOfBirthError({ day: '', month: '', year: '' }, true, { ...ctx, required: false })).toBe('');
    expect(dateOfBirthError(half, true, { ...ctx, required: false })).toBe(messages.invalidDate);
  });
});

/** The component, held by a parent that keeps the combined value. */
function Harness({ onChange, initial = '' }: { onChange: (value: string) => void; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateOfBirth
        id="dob"
        label="Date of birth"
        value={value}
        today={TODAY}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <span data-testid="held">{value}</span>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </>
  );
}

const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionTexts = (el: HTMLSelectElement) =>
  within(el)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('<DateOfBirth>', () => {
  it('is a fieldset with a legend and three labelled selects', () => {
    render(<Harness onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Date of birth' });
    expect(group.tagName).toBe('FIELDSET');
    expect(within(group).getAllByRole('combobox')).toHaveLength(3);
    expect(select('Day').id).toBe('dob-day');
    expect(select('Month').id).toBe('dob-month');
    expect(select('Year').id).toBe('dob-year');
    expect(optionTexts(select('Month')).slice(1, 3)).toEqual(['January', 'February']);
    expect(optionTexts(select('Year'))).toHaveLength(101);
    expect(optionTexts(select('Year'))[1]).toBe('2008');
  });

  it('reports the combined value once every part is chosen, and keeps the parts of a half-chosen date', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.change(select('Day'), { target: { value: '7' } });
    fireEvent.change(select('Month'), { target: { value: '3' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(select('Year'), { target: { value: '1990' } });
    expect(onChange).toHaveBeenLastCalledWith('1990-03-07');
    expect(screen.getByTestId('held').textContent).toBe('1990-03-07');

    fireEvent.change(select('Month'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(select('Day').value).toBe('7');
    expect(select('Year').value).toBe('1990');
  });

  it('shows the error only after a part was touched, and ties it to the selects', () => {
    render(<Harness onChange={() => undefined} />);
    expect(screen.queryByText(messages.invalidDate)).toBeNull();
    expect(select('Day').getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(select('Day'), { target: { value: '7' } });
    const error = screen.getByText(messages.invalidDate);
    for (const name of ['Day', 'Month', 'Year']) {
      expect(select(name).getAttribute('aria-invalid')).toBe('true');
      expect(select(name).getAttribute('aria-describedby')).toBe(error.id);
    }
    fireEvent.change(select('Month'), { target: { value: '3' } });
    fireEvent.change(select('Year'), { target: { value: '1990' } });
    expect(screen.queryByText(messages.invalidDate)).toBeNull();
  });

  it('counts leaving a select as touching it', () => {
    render(<Harness onChange={() => undefined} />);
    fireEvent.blur(select('Day'));
    expect(screen.getByText(messages.invalidDate)).toBeTruthy();
  });

  it('narrows the lists by the other parts and clears a day no longer allowed', () => {
    render(<Harness onChange={() => undefined} />);
    fireEvent.change(select('Year'), { target: { value: '2008' } });
    expect(optionTexts(select('Month')).at(-1)).toBe('June');
    fireEvent.change(select('Month'), { target: { value: '6' } });
    expect(optionTexts(select('Day')).at(-1)).toBe('15');

    fireEvent.change(select('Year'), { target: { value: '1990' } });
    fireEvent.change(select('Month'), { target: { value: '1' } });
    fireEvent.change(select('Day'), { target: { value: '31' } });
    fireEvent.change(select('Month'), { target: { value: '4' } });
    expect(select('Day').value).toBe('');
  });

  it('takes a value set from outside, and a reset empties the parts', () => {
    render(<Harness onChange={() => undefined} initial="1979-01-09" />);
    expect([select('Day').value, select('Month').value, select('Year').value]).toEqual(['9', '1', '1979']);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect([select('Day').value, select('Month').value, select('Year').value]).toEqual(['', '', '']);
  });

  it('renders on the server without inline styles', () => {
    const html = renderToString(<DateOfBirth id="dob" label="Date of birth" value="1990-03-07" onChange={() => undefined} today={TODAY} />);
    expect(html).not.toContain('style=');
    expect(html).toContain('<legend');
  });
});

describe('calendarYearsContext (a renewal date: this year and next)', () => {
  const renewal = calendarYearsContext({ back: 0, ahead: 1 }, TODAY);
  it('lists this year and next, with every month and day', () => {
    expect(yearOptions(renewal.minimumAge, renewal.today, renewal.yearsListed)).toEqual([2026, 2025]);
    expect(monthOptions(2026, renewal.minimumAge, renewal.today)).toEqual(range(1, 12));
    expect(dayOptions(2026, 12, renewal.minimumAge, renewal.today)).toEqual(range(1, 31));
  });
  it('combines to the same YYYY-MM-DD and refuses a year outside the range', () => {
    expect(combineDateOfBirth({ day: '1', month: '3', year: '2026' }, renewal)).toBe('2026-03-01');
    expect(combineDateOfBirth({ day: '1', month: '3', year: '2027' }, renewal)).toBe('');
  });
  it('draws Day, Month and Year selects for the field', () => {
    render(<DateOfBirth id="renewal" label="Renewal date" value="" onChange={() => undefined} {...renewal} />);
    const year = within(screen.getByRole('group', { name: 'Renewal date' })).getByLabelText('Year');
    expect(
      within(year)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Year', '2026', '2025']);
  });
});
