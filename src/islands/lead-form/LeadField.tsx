import { useEffect, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import { occupationsFor } from '#src/api/lead-states.ts';
import type { AnswerValue, Answers, FieldDef, LeadKind, LeafField } from '#src/schemas/leads/form-definition.ts';
import { isShown, leadMessages } from '#src/schemas/leads/form-definition.ts';
import { messages } from '#src/schemas/messages.ts';
import { DateInput } from '#src/ui/DateInput.tsx';
import { DateOfBirth } from '#src/ui/DateOfBirth.tsx';
import { calendarYearsContext } from '#src/ui/date-of-birth-rules.ts';
import { FormField } from '#src/ui/FormField.tsx';
import { SearchList } from '#src/ui/SearchList.tsx';
import { visibleError } from '#src/ui/form-state.ts';
import { upperCaseAsTyped } from '#src/ui/upper-case-input.ts';
import { loadOccupations, searchAreas } from './reference-data.ts';
import { FilesAnswer } from './FilesAnswer.tsx';

type Row = Record<string, string | boolean | string[]>;

type LeafProps = {
  /** Which form: its kind's state holds the occupations its search lists offer. */
  kind: LeadKind;
  field: LeafField;
  /** Element id and error key: "email", or "claims.0.date" inside a group row. */
  path: string;
  value: unknown;
  onChange: (value: string | boolean | string[]) => void;
  error: string | undefined;
  touched: boolean;
  onTouch: () => void;
};

const idOf = (path: string) => `lead-${path.replace(/\./g, '-')}`;
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
/** A half field's class (lead-form.css): a short pair shares a row from 390 px, a long one from 640 px. */
const halfClass = (field: LeafField) => (field.half === 'short' ? 'lead-half' : field.half === 'long' ? 'lead-half-long' : undefined);

function ChoiceGroup({ field, path, value, onChange, error, touched, onTouch, multiple }: LeafProps & { multiple: boolean }) {
  const id = idOf(path);
  const shown = visibleError(error, touched);
  const options =
    field.kind === 'radio' || field.kind === 'checklist'
      ? field.options
      : [
          { value: 'Yes', label: 'Yes' },
          { value: 'No', label: 'No' },
        ];
  const chosen = multiple ? (Array.isArray(value) ? (value as string[]) : []) : [asText(value)];
  return (
    <fieldset
      className={`ui-field lead-choices${field.kind === 'yesno' ? ' lead-choices-inline' : ''}`}
      aria-describedby={[field.hint && `${id}-hint`, shown && `${id}-error`].filter(Boolean).join(' ') || undefined}
      onBlur={onTouch}
    >
      <legend className="ui-label">
        {field.label}
        {field.required === false && <span className="lead-optional"> (optional)</span>}
      </legend>
      {field.hint && (
        <p id={`${id}-hint`} className="ui-hint">
          {field.hint}
        </p>
      )}
      {options.map((option, index) => (
        <label key={option.value} className="lead-choice">
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={id}
            id={`${id}-${index}`}
            value={option.value}
            checked={chosen.includes(option.value)}
            aria-invalid={shown ? true : undefined}
            onChange={(event: ChangeEvent<HTMLInputElement>) => {
              if (!multiple) onChange(option.value);
              else onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((item) => item !== option.value));
              onTouch();
            }}
          />{' '}
          {option.label}
        </label>
      ))}
      {shown && (
        <p id={`${id}-error`} className="ui-field-error">
          {shown}
        </p>
      )}
    </fieldset>
  );
}

function Leaf(props: LeafProps) {
  const { kind, field, path, value, onChange, error, touched, onTouch } = props;
  const id = idOf(path);
  const occupations = useStore(occupationsFor(kind));
  useEffect(() => {
    // A failed load leaves the list empty; the field still takes typed words where allowed.
    if (field.kind === 'search' && field.source === 'occupations') void loadOccupations().catch(() => undefined);
  }, [field]);
  const label = field.required === false ? `${field.label} (optional)` : field.label;
  // Help text sits under the label and above the control on every kind of field (FormField,
  // DateOfBirth, DateInput, SearchList and the choice groups draw it there).
  const common = { id, label, error, touched, onBlur: onTouch, required: field.required !== false, hint: field.hint };
  switch (field.kind) {
    case 'radio':
    case 'yesno':
      return <ChoiceGroup {...props} multiple={false} />;
    case 'checklist':
      return <ChoiceGroup {...props} multiple />;
    case 'consent':
      return (
        <div className="ui-field lead-consent">
          <label htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              aria-invalid={visibleError(error, touched) ? true : undefined}
              aria-describedby={visibleError(error, touched) ? `${id}-error` : undefined}
              onChange={(event) => {
                onChange(event.target.checked);
                onTouch();
              }}
            />{' '}
            {field.label}
          </label>
          {visibleError(error, touched) && (
            <p id={`${id}-error`} className="ui-field-error">
              {visibleError(error, touched)}
            </p>
          )}
        </div>
      );
    case 'select':
      return (
        <FormField {...common} as="select" className={halfClass(field)} value={asText(value)} onChange={(event) => onChange(event.target.value)}>
          <option value="">Please select</option>
          {field.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FormField>
      );
    case 'textarea':
      return (
        <FormField {...common} as="textarea" value={asText(value)} maxLength={field.maxLength ?? 2000} onChange={(event) => onChange(event.target.value)} />
      );
    case 'date':
      return field.years ? (
        // The same Day, Month and Year selects as a date of birth, over the field's years.
        <DateOfBirth
          id={id}
          label={label}
          value={asText(value)}
          onChange={onChange}
          {...calendarYearsContext(field.years, new Date(), field.forbid === 'future')}
          error={error}
          touched={touched}
          onBlur={onTouch}
          hint={field.hint}
          required={field.required !== false}
        />
      ) : (
        <DateInput
          id={id}
          label={label}
          value={asText(value)}
          onChange={onChange}
          forbidPast={field.forbid === 'past'}
          forbidFuture={field.forbid === 'future'}
          error={error}
          touched={touched}
          onBlur={onTouch}
          hint={field.hint}
          required={field.required !== false}
        />
      );
    case 'dob':
      return (
        <DateOfBirth
          id={id}
          label={label}
          value={asText(value)}
          onChange={(next) => {
            onChange(next);
          }}
          minimumAge={field.minimumAge}
          error={error}
          touched={touched}
          onBlur={onTouch}
          hint={field.hint}
          required={field.required !== false}
        />
      );
    case 'search':
      return field.source === 'occupations' ? (
        <SearchList
          id={id}
          label={label}
          value={asText(value)}
          onChange={onChange}
          options={occupations}
          allowNew={field.allowNew ?? false}
          notPickedMessage={leadMessages.notInList}
          error={error}
          touched={touched}
          onBlur={onTouch}
          hint={field.hint}
          required={field.required !== false}
        />
      ) : (
        <SearchList
          id={id}
          label={label}
          value={asText(value)}
          onChange={onChange}
          loadOptions={searchAreas}
          allowNew={false}
          notPickedMessage={messages.pickAddress}
          error={error}
          touched={touched}
          onBlur={onTouch}
          hint={field.hint}
          required={field.required !== false}
        />
      );
    case 'files':
      return <FilesAnswer id={id} field={field} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} error={error} touched={touched} />;
    default: {
      const type = field.kind === 'email' ? 'email' : field.kind === 'tel' ? 'tel' : 'text';
      const numeric = field.kind === 'number' || field.kind === 'money' || field.kind === 'year';
      // Eircodes and registrations in capitals as they are typed, and so stored.
      const code = field.kind === 'eircode' || field.kind === 'registration';
      return (
        <FormField
          {...common}
          type={type}
          inputMode={numeric ? (field.kind === 'number' && (field.min ?? 0) % 1 !== 0 ? 'decimal' : 'numeric') : undefined}
          autoComplete={'autoComplete' in field ? field.autoComplete : undefined}
          autoCapitalize={code ? 'characters' : undefined}
          spellCheck={code ? false : undefined}
          value={asText(value)}
          onChange={(event) => onChange(code ? upperCaseAsTyped(event.target) : event.target.value)}
          className={[numeric || code ? 'lead-short' : '', halfClass(field) ?? ''].filter(Boolean).join(' ') || undefined}
        />
      );
    }
  }
}

type FieldProps = {
  kind: LeadKind;
  field: FieldDef;
  answers: Answers;
  errors: Record<string, string>;
  touched: readonly string[];
  onAnswer: (name: string, value: AnswerValue) => void;
  onTouch: (path: string) => void;
};

/** One field of a quote form, or a group of repeatable rows (claims, drivers, vehicles). */
export function LeadField({ kind, field, answers, errors, touched, onAnswer, onTouch }: FieldProps) {
  if (!isShown(field, answers, answers)) return null;
  if (field.kind !== 'group') {
    return (
      <Leaf
        kind={kind}
        field={field}
        path={field.name}
        value={answers[field.name]}
        onChange={(value) => onAnswer(field.name, value)}
        error={errors[field.name]}
        touched={touched.includes(field.name)}
        onTouch={() => onTouch(field.name)}
      />
    );
  }
  const rows = (Array.isArray(answers[field.name]) ? answers[field.name] : []) as Row[];
  const setRows = (next: Row[]) => onAnswer(field.name, next);
  const groupError = visibleError(errors[field.name], touched.includes(field.name));
  return (
    <section className="lead-group" aria-labelledby={`${idOf(field.name)}-heading`}>
      <h3 id={`${idOf(field.name)}-heading`}>{field.label}</h3>
      {rows.map((row, index) => (
        <fieldset key={index} className="lead-row">
          <legend>
            {field.itemLabel} {index + 1}
          </legend>
          {field.fields
            .filter((sub) => isShown(sub, row, answers))
            .map((sub) => {
              const path = `${field.name}.${index}.${sub.name}`;
              return (
                <Leaf
                  key={path}
                  kind={kind}
                  field={sub}
                  path={path}
                  value={row[sub.name]}
                  onChange={(value) => setRows(rows.map((other, i) => (i === index ? { ...other, [sub.name]: value } : other)))}
                  error={errors[path]}
                  touched={touched.includes(path)}
                  onTouch={() => onTouch(path)}
                />
              );
            })}
          <button type="button" className="button secondary lead-remove" onClick={() => setRows(rows.filter((_, i) => i !== index))}>
            Remove {field.itemLabel.toLowerCase()} {index + 1}
          </button>
        </fieldset>
      ))}
      {rows.length < field.max && (
        <button type="button" className="button secondary" onClick={() => setRows([...rows, {}])}>
          Add {rows.length ? 'another' : 'a'} {field.itemLabel.toLowerCase()}
        </button>
      )}
      {groupError && (
        <p className="ui-field-error" role="alert">
          {groupError}
        </p>
      )}
    </section>
  );
}
