import { useRef, useState } from 'react';
import { CONTENT_LIMITS } from '../../../schemas/content.ts';
import { announce } from '../../stores/content.ts';
import { moved } from '../../stores/content-tree.ts';
import { listFields, type ListValue, type ValueErrors } from './value-rules.ts';

type Props = {
  id: string;
  label: string;
  value: ListValue;
  config: Record<string, unknown>;
  onChange: (value: ListValue) => void;
  errors: ValueErrors;
  disabled?: boolean;
};

const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * Repeatable entries (FAQs, key facts, steps): each a group of named text fields, with buttons
 * to add, remove and move entries. Every button works by keyboard; a move keeps the focus on the
 * moved entry's button and is announced through the screen's live region.
 */
export function ListEditor({ id, label, value, config, onChange, errors, disabled }: Props) {
  const fields = listFields(value, config);
  const [newField, setNewField] = useState('');
  const entries = useRef<HTMLFieldSetElement | null>(null);

  const focusLater = (selector: string) => requestAnimationFrame(() => entries.current?.querySelector<HTMLElement>(selector)?.focus());

  const move = (index: number, step: -1 | 1) => {
    const target = index + step;
    onChange(moved(value, index, step));
    announce(`Entry ${index + 1} moved to position ${target + 1} of ${value.length}.`);
    // The same button on the entry's new row, or the other one when it reached an end.
    const edge = target === 0 || target === value.length - 1;
    focusLater(`[data-entry="${target}"] [data-move="${edge ? -step : step}"]`);
  };
  const remove = (index: number) => {
    onChange(value.filter((_, at) => at !== index));
    announce(`Entry ${index + 1} removed. ${value.length - 1} left.`);
    focusLater(value.length > 1 ? `[data-entry="${Math.max(0, index - 1)}"] input, [data-entry="${Math.max(0, index - 1)}"] textarea` : '[data-add]');
  };
  const add = () => {
    onChange([...value, Object.fromEntries(fields.map((field) => [field, '']))]);
    announce(`Entry ${value.length + 1} added.`);
    focusLater(`[data-entry="${value.length}"] input, [data-entry="${value.length}"] textarea`);
  };
  const addField = () => {
    const name = newField.trim();
    if (!name || fields.includes(name)) return;
    onChange(value.length ? value.map((entry) => ({ ...entry, [name]: '' })) : [{ ...Object.fromEntries(fields.map((field) => [field, ''])), [name]: '' }]);
    setNewField('');
  };

  return (
    <fieldset className="content-list" ref={entries} disabled={disabled}>
      <legend>{label}</legend>
      {errors[''] && <p className="bo-error">{errors['']}</p>}
      {value.length === 0 && <p className="bo-hint">No entries yet.</p>}
      <ol className="content-list-entries">
        {value.map((entry, index) => (
          <li key={index} data-entry={index} className="content-list-entry">
            <fieldset>
              <legend>Entry {index + 1}</legend>
              {fields.map((field) => {
                const fieldId = `${id}-${index}-${field}`;
                const error = errors[`${index}.${field}`];
                const long = (entry[field]?.length ?? 0) > 80 || /answer|text|body|description/i.test(field);
                const common = {
                  id: fieldId,
                  value: entry[field] ?? '',
                  maxLength: CONTENT_LIMITS.entryText,
                  'aria-invalid': error ? true : undefined,
                  'aria-describedby': error ? `${fieldId}-error` : undefined,
                  className: 'ui-input',
                };
                const change = (text: string) => onChange(value.map((candidate, at) => (at === index ? { ...candidate, [field]: text } : candidate)));
                return (
                  <div className="ui-field" key={field}>
                    <label className="ui-label" htmlFor={fieldId}>
                      {capitalised(field)}
                    </label>
                    {long ? (
                      <textarea {...common} rows={3} onChange={(event) => change(event.target.value)} />
                    ) : (
                      <input {...common} onChange={(event) => change(event.target.value)} />
                    )}
                    {error && (
                      <p id={`${fieldId}-error`} className="ui-field-error">
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              <div className="content-row-actions">
                <button type="button" className="bo-button" data-move="-1" disabled={index === 0} onClick={() => move(index, -1)}>
                  Move up<span className="visually-hidden"> entry {index + 1}</span>
                </button>
                <button type="button" className="bo-button" data-move="1" disabled={index === value.length - 1} onClick={() => move(index, 1)}>
                  Move down<span className="visually-hidden"> entry {index + 1}</span>
                </button>
                <button type="button" className="bo-button" onClick={() => remove(index)}>
                  Remove<span className="visually-hidden"> entry {index + 1}</span>
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <div className="content-row-actions">
        <button type="button" className="bo-button" data-add onClick={add} disabled={value.length >= CONTENT_LIMITS.listEntries}>
          Add an entry
        </button>
      </div>
      <div className="content-inline-form">
        <div className="ui-field">
          <label className="ui-label" htmlFor={`${id}-new-field`}>
            New field in every entry
          </label>
          <input
            id={`${id}-new-field`}
            className="ui-input"
            value={newField}
            maxLength={CONTENT_LIMITS.entryKey}
            onChange={(event) => setNewField(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addField();
              }
            }}
          />
        </div>
        <button type="button" className="bo-button" onClick={addField} disabled={!newField.trim() || fields.length >= CONTENT_LIMITS.entryFields}>
          Add the field
        </button>
      </div>
    </fieldset>
  );
}
