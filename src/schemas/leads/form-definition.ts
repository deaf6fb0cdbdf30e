import * as v from 'valibot';
import { email as emailSchema, hasNoControlCharacter, isValidPhone } from '../fields.ts';
import { limitMessages, messages } from '../messages.ts';
import { isIsoDate } from '#src/lib/calendar-date.ts';
import { formatCalendarDate } from '#src/lib/dublin-time.ts';
import { formatEuro } from '#src/lib/euro.ts';

/**
 * The quote and renewal forms are described once, as data: steps of fields with their rules.
 * From one definition come the valibot schema (the browser checks each step with it and the
 * server checks the whole proposal with it), the form's steps and review, the back-office
 * detail view (answers grouped as on the form) and the CSV columns.
 */

export type Option = { value: string; label: string };
/** Show a field only when another answer (in the same group row, else the form) matches. */
export type Condition = { field: string; equals?: string; oneOf?: readonly string[]; includes?: string; above?: number };

type Base = {
  name: string;
  label: string;
  /** The answer's name for staff (its request's page, the CSV) where `label` asks the visitor a question ('When should cover start?' is 'Cover start date'). */
  staffLabel?: string;
  hint?: string;
  /** Required when shown (the default); false for optional answers. */
  required?: boolean;
  showIf?: Condition;
  /**
   * Half the row, beside the half field next to it, for answers that read as a pair. 'short'
   * (first and last name, make and model: a word or two) from 390 px wide; 'long' (email and
   * phone, business and contact name, policy number and type) from 640 px, as an email address
   * does not fit in half a phone. Narrower, every field has a row.
   */
  half?: 'short' | 'long';
  /** A small heading above this field that opens a part of its step (Contact details, Address): a long step reads as a few short groups. */
  section?: string;
};

export type TextField = Base & { kind: 'text' | 'textarea' | 'email' | 'tel' | 'eircode' | 'registration'; maxLength?: number; autoComplete?: string };
/** 'year' is a whole number read as a calendar year: never written with a thousands separator. */
export type NumberField = Base & { kind: 'number' | 'money' | 'year'; min?: number; max?: number; unit?: string };
export type ChoiceField = Base & { kind: 'select' | 'radio'; options: readonly Option[] };
export type ChecklistField = Base & { kind: 'checklist'; options: readonly Option[] };
export type YesNoField = Base & { kind: 'yesno' };
export type ConsentField = Base & { kind: 'consent' };
/**
 * `years`: the date is picked as Day, Month and Year (like a date of birth) from the calendar
 * years `back` before this one to `ahead` after it, and no other year is accepted.
 */
export type DateField = Base & { kind: 'date'; forbid?: 'past' | 'future'; years?: { back: number; ahead: number } };

/** Every date the forms ask for is three selects over one of these ranges of calendar years. */
export const THIS_YEAR_OR_NEXT = { back: 0, ahead: 1 } as const;
/** The van form asks about the last five years' claims and convictions. */
export const LAST_FIVE_YEARS = { back: 5, ahead: 0 } as const;
export type BirthDateField = Base & { kind: 'dob'; minimumAge: number };
export type SearchField = Base & { kind: 'search'; source: 'occupations' | 'areas'; allowNew?: boolean };
export type FilesField = Base & { kind: 'files'; maxFiles: number };
export type GroupField = Base & { kind: 'group'; itemLabel: string; min?: number; max: number; fields: readonly LeafField[] };

export type LeafField =
  | TextField
  | NumberField
  | ChoiceField
  | ChecklistField
  | YesNoField
  | ConsentField
  | DateField
  | BirthDateField
  | SearchField
  | FilesField;
export type FieldDef = LeafField | GroupField;

/** A step of a form; `staffTitle` names its answers for staff where the visitor's title speaks to the visitor ('About you'). */
export type StepDef = { id: string; title: string; staffTitle?: string; intro?: string; fields: readonly FieldDef[] };

export type { LeadKind } from './kinds.ts';
import type { LeadKind } from './kinds.ts';

export type LeadFormDef = {
  kind: LeadKind;
  title: string;
  steps: readonly StepDef[];
  /** Who the customer is, from the answers: for lists, mails and search. */
  summary: (answers: Answers) => LeadSummary;
  /**
   * What a broker looks at first (the vehicle, its value, the cover and when it starts, points,
   * no-claims years): the request's page shows these above the answers. Each is written from
   * the answers as they read (`answer(name)`, '' when not given); a fact that comes out empty is left off.
   */
  keyFacts?: readonly KeyFact[];
};

export type KeyFact = { label: string; value(answer: (name: string) => string): string };

/** The parts of a key fact that were given, in one line ('Ford Transit Custom, 2019'). */
export const joined = (...parts: string[]): string => parts.filter(Boolean).join(', ');
/** A count with its noun, when it was given and is not nought ('3 vans'). */
export const counted = (value: string, noun: string): string => (value && value !== '0' ? `${value} ${noun}` : '');

export type LeadSummary = { name: string; email: string; phone: string; registration: string };

/** Answers as the browser holds them: text, lists of choices, true/false, group rows. */
export type AnswerValue = string | boolean | string[] | Record<string, string | boolean | string[]>[];
export type Answers = Record<string, AnswerValue>;

export const opts = (...labels: string[]): Option[] => labels.map((label) => ({ value: label, label }));

/** Irish Eircode: a routing key (letter, two digits, or D6W) and a four-character unique identifier. */
export const EIRCODE_PATTERN = /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?[0-9AC-FHKNPRTV-Y]{4}$/i;
/** Irish registrations (e.g. 231-D-12345, 08-KY-1234) and older or foreign plates: letters, digits, spaces and hyphens. */
export const REGISTRATION_PATTERN = /^[A-Z0-9][A-Z0-9 -]{1,11}$/i;
const TEXT_MAX = { text: 120, textarea: 2000, email: 254, tel: 30, eircode: 8, registration: 12 } as const;

export const leadMessages = {
  eircode: 'Enter an Eircode such as V94 K2D3',
  registration: 'Enter the registration as shown on the vehicle',
  number: 'Enter a number',
  /** A typed occupation or trade that is not one of the list's: said, not just wiped. */
  notInList: 'What you typed is not in our list. Type part of it (such as “plumb”) and choose the closest match from the suggestions.',
  tooSmall: (min: number) => `Must be ${min} or more`,
  tooLarge: (max: number) => `Must be ${max} or less`,
  choose: 'Choose one of the options',
  mustAgree: 'You must confirm this to continue',
  notPast: 'The date cannot be in the past',
  notFuture: 'The date cannot be in the future',
  tooManyRows: (max: number, label: string) => `At most ${max} ${label.toLowerCase()}s`,
  tooFewRows: (min: number, label: string) => `Add at least ${min} ${label.toLowerCase()}`,
  files: (max: number) => `Upload at most ${max} files, each through the file field`,
} as const;

/** YYYY-MM-DD on Dublin's clock; made once (a formatter with a time zone is costly to build). */
const irishDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Dublin', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today as YYYY-MM-DD in Irish time: the server and a browser in Ireland agree on "today". */
export function todayInIreland(now = new Date()): string {
  return irishDate.format(now);
}

/** The latest birth date for someone at least `minimumAge` today, and the earliest of the 100 years listed. */
export function birthDateBounds(minimumAge: number, today = todayInIreland()): { min: string; max: string } {
  const [y, m, d] = today.split('-');
  return { min: `${Number(y) - minimumAge - 99}-01-01`, max: `${Number(y) - minimumAge}-${m}-${d}` };
}

export function isShown(field: { showIf?: Condition }, scope: Record<string, unknown>, answers: Record<string, unknown>): boolean {
  const rule = field.showIf;
  if (!rule) return true;
  const value = rule.field in scope ? scope[rule.field] : answers[rule.field];
  if (rule.equals !== undefined) return value === rule.equals;
  if (rule.oneOf) return typeof value === 'string' && rule.oneOf.includes(value);
  if (rule.includes !== undefined) return Array.isArray(value) && value.includes(rule.includes);
  if (rule.above !== undefined) return value !== '' && Number(value) > rule.above;
  return value !== undefined && value !== '' && value !== false;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || value === false || (Array.isArray(value) && value.length === 0);

/** Checks one leaf answer; returns the cleaned value, or an error message. */
export function checkLeaf(field: LeafField, raw: unknown, today = todayInIreland()): { value: string | boolean | string[] } | { error: string } {
  const required = field.required !== false;
  if (field.kind === 'consent') {
    if (raw !== true && required) return { error: leadMessages.mustAgree };
    return { value: raw === true };
  }
  if (field.kind === 'checklist' || field.kind === 'files') {
    const list = Array.isArray(raw) ? raw.filter((item): item is string => typeof item === 'string') : [];
    if (list.length === 0 && required) return { error: messages.required };
    if (field.kind === 'checklist' && list.some((item) => !field.options.some((option) => option.value === item))) return { error: leadMessages.choose };
    if (field.kind === 'files' && (list.length > field.maxFiles || list.some((id) => !/^[0-9a-f-]{36}$/i.test(id))))
      return { error: leadMessages.files(field.maxFiles) };
    return { value: [...new Set(list)] };
  }
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (text === '') return required ? { error: messages.required } : { value: '' };
  if (!hasNoControlCharacter(text)) return { error: limitMessages.controlCharacter };
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      const max = field.maxLength ?? TEXT_MAX[field.kind];
      return text.length > max ? { error: limitMessages.tooLong(max) } : { value: text };
    }
    case 'email':
      return v.is(emailSchema, text) ? { value: text } : { error: messages.invalidEmail };
    case 'tel':
      return text.length <= TEXT_MAX.tel && isValidPhone(text) ? { value: text } : { error: messages.invalidPhone };
    case 'eircode':
      return EIRCODE_PATTERN.test(text)
        ? {
            value: text
              .toUpperCase()
              .replace(/\s+/, '')
              .replace(/^(.{3})(.{4})$/, '$1 $2'),
          }
        : { error: leadMessages.eircode };
    case 'registration':
      return REGISTRATION_PATTERN.test(text) ? { value: text.toUpperCase() } : { error: leadMessages.registration };
    case 'number':
    case 'money':
    case 'year': {
      const number = parseTypedNumber(text);
      if (number === null || (field.kind === 'year' && !Number.isInteger(number))) return { error: leadMessages.number };
      if (field.min !== undefined && number < field.min) return { error: leadMessages.tooSmall(field.min) };
      if (field.max !== undefined && number > field.max) return { error: leadMessages.tooLarge(field.max) };
      return { value: String(field.kind === 'money' ? Math.round(number) : number) };
    }
    case 'select':
    case 'radio':
      return field.options.some((option) => option.value === text) ? { value: text } : { error: leadMessages.choose };
    case 'yesno':
      return text === 'Yes' || text === 'No' ? { value: text } : { error: leadMessages.choose };
    case 'date':
      if (!isIsoDate(text)) return { error: messages.invalidDate };
      if (field.forbid === 'past' && text < today) return { error: leadMessages.notPast };
      if (field.forbid === 'future' && text > today) return { error: leadMessages.notFuture };
      if (field.years) {
        const year = Number(text.slice(0, 4)) - Number(today.slice(0, 4));
        if (year < -field.years.back || year > field.years.ahead) return { error: messages.invalidDate };
      }
      return { value: text };
    case 'dob': {
      const bounds = birthDateBounds(field.minimumAge, today);
      return isIsoDate(text) && text >= bounds.min && text <= bounds.max ? { value: text } : { error: messages.invalidDate };
    }
    case 'search':
      return text.length > 120 ? { error: limitMessages.tooLong(120) } : { value: text };
  }
}

type Issue = { path: string[]; message: string };

/** Checks the answers to some steps (all by default); hidden fields are dropped from the output. */
export function checkAnswers(
  def: LeadFormDef,
  input: Record<string, unknown>,
  stepIds?: readonly string[],
  today = todayInIreland(),
): { output: Answers; issues: Issue[] } {
  const output: Answers = {};
  const issues: Issue[] = [];
  for (const step of def.steps) {
    if (stepIds && !stepIds.includes(step.id)) continue;
    for (const field of step.fields) {
      if (!isShown(field, input, input)) continue;
      if (field.kind === 'group') {
        const rows = Array.isArray(input[field.name])
          ? (input[field.name] as unknown[]).filter((row): row is Record<string, unknown> => typeof row === 'object' && row !== null)
          : [];
        const min = field.min ?? (field.required === false ? 0 : 1);
        if (rows.length < min) issues.push({ path: [field.name], message: leadMessages.tooFewRows(min, field.itemLabel) });
        if (rows.length > field.max) issues.push({ path: [field.name], message: leadMessages.tooManyRows(field.max, field.itemLabel) });
        output[field.name] = rows.slice(0, field.max).map((row, index) => {
          const clean: Record<string, string | boolean | string[]> = {};
          for (const sub of field.fields) {
            if (!isShown(sub, row, input)) continue;
            const result = checkLeaf(sub, row[sub.name], today);
            if ('error' in result) issues.push({ path: [field.name, String(index), sub.name], message: result.error });
            else clean[sub.name] = result.value;
          }
          return clean;
        });
        continue;
      }
      const result = checkLeaf(field, input[field.name], today);
      if ('error' in result) issues.push({ path: [field.name], message: result.error });
      else if (!isEmpty(result.value) || field.kind === 'consent') output[field.name] = result.value;
    }
  }
  return { output, issues };
}

/** The valibot schema of a form: the browser and the server both parse with it. */
export function schemaFor(def: LeadFormDef, stepIds?: readonly string[]) {
  return v.pipe(
    v.record(v.string(), v.unknown(), messages.required),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { output, issues } = checkAnswers(def, dataset.value, stepIds);
      for (const issue of issues) {
        const [first, ...rest] = issue.path.map((key) => ({ type: 'object' as const, origin: 'value' as const, input: dataset.value, key, value: undefined }));
        addIssue({ message: issue.message, ...(first ? { path: [first, ...rest] } : {}) });
      }
      return issues.length ? NEVER : output;
    }),
  );
}

/**
 * A number as a person types it: "1450", "1,450", "€1,450.00", "1 450". Null when it is not
 * one (letters, two signs, an empty string).
 */
export function parseTypedNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\s*€?\s*[\d,.\s]*\d[\d,.\s]*$/.test(trimmed)) return null;
  const number = Number(trimmed.replace(/[€,\s]/g, ''));
  return Number.isFinite(number) ? number : null;
}

const plainNumber = new Intl.NumberFormat('en-IE');

/** An answer as a person reads it: choices by label, dates as written in Ireland, yes/no. */
export function displayValue(field: LeafField, value: unknown): string {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  if (field.kind === 'consent') return value === true ? 'Yes' : 'No';
  // The review shows answers as typed ("1,450"), the mails and back-office as stored ("1450").
  if (field.kind === 'money' || field.kind === 'number' || field.kind === 'year') {
    const number = parseTypedNumber(String(value));
    if (number === null) return String(value);
    if (field.kind === 'year') return String(number);
    if (field.kind === 'money') return formatEuro(number);
    return `${plainNumber.format(number)}${field.unit ? ` ${field.unit}` : ''}`;
  }
  if (field.kind === 'eircode') {
    const compact = String(value).toUpperCase().replace(/\s+/g, '');
    return compact.length === 7 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
  }
  if (field.kind === 'registration') return String(value).toUpperCase();
  // "4 Dec 2026": the month in words, so no reader takes the 4th of December for April the 12th.
  if (field.kind === 'date' || field.kind === 'dob') return isIsoDate(String(value)) ? formatCalendarDate(String(value)) : String(value);
  if (field.kind === 'select' || field.kind === 'radio') return field.options.find((option) => option.value === value)?.label ?? String(value);
  if (field.kind === 'checklist') return (value as string[]).map((item) => field.options.find((option) => option.value === item)?.label ?? item).join('; ');
  if (field.kind === 'files') return `${(value as string[]).length} file(s)`;
  return String(value);
}

export const text = (answers: Answers, name: string): string => (typeof answers[name] === 'string' ? (answers[name] as string) : '');
