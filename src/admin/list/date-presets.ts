import { todayInIreland } from '#src/schemas/leads/form-definition.ts';

/**
 * A date-range filter's quick choices: "Last 7 days" rather than two calendars, as mail and
 * analytics tools offer. A choice is still a from/to pair in the address; a pair no choice
 * makes shows as "Custom dates" with its two date fields. Days are Dublin's, as the server's.
 */
export const DATE_PRESETS = [
  { value: 'today', label: 'Today', days: 1 },
  { value: '7', label: 'Last 7 days', days: 7 },
  { value: '30', label: 'Last 30 days', days: 30 },
  { value: '90', label: 'Last 90 days', days: 90 },
] as const;

export const CUSTOM_DATES = 'custom';

/** The date `days` calendar days before `date` (both YYYY-MM-DD). */
function daysBefore(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() - days);
  return at.toISOString().slice(0, 10);
}

/** The from/to pair a quick choice stands for: from the first of its days, open-ended to today. */
export function rangeOfPreset(value: string, today = todayInIreland()): { from: string; to: string } {
  const preset = DATE_PRESETS.find((candidate) => candidate.value === value);
  return preset ? { from: daysBefore(today, preset.days - 1), to: '' } : { from: '', to: '' };
}

/** Which choice a from/to pair is: '' for none, a preset's value, or custom. */
export function presetOfRange(from: string, to: string, today = todayInIreland()): string {
  if (!from && !to) return '';
  if (!to) {
    const preset = DATE_PRESETS.find((candidate) => rangeOfPreset(candidate.value, today).from === from);
    if (preset) return preset.value;
  }
  return CUSTOM_DATES;
}
