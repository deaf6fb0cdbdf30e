import { useEffect, useRef, useState } from 'react';
import { ArrowDown, ArrowUp, ChevronRight, Plus, Trash2 } from 'lucide-static';
import { CONTENT_LIMITS } from '#src/schemas/content.ts';
import { Icon } from '#src/admin/kit/Icon.tsx';
import { announce } from '#src/admin/stores/content.ts';
import { moved } from '#src/admin/stores/content-tree.ts';
import { ICON_CHOICES } from './icon-choices.ts';
import { IconPicker } from './IconPicker.tsx';
import { entryFieldOrder, entryTitle, listFields, type ListValue, type ValueErrors } from './value-rules.ts';

type Props = {
  id: string;
  label: string;
  value: ListValue;
  config: Record<string, unknown>;
  onChange: (value: ListValue) => void;
  errors: ValueErrors;
  disabled?: boolean;
  /** Whether a field can be added to every entry: a change of the page's structure, for Administrators' structure view. */
  canChangeFields?: boolean;
};

/** Sent to an entry's element to open it and focus a field (detail: index and field), as a click on that entry in the page preview does. */
export const REVEAL_ENTRY_EVENT = 'bo:reveal-entry';

/** The selector of an entry's first field to type in. */
const firstControl = (index: number) => `[data-entry="${index}"] input:not([type="radio"]), [data-entry="${index}"] textarea`;
const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/** Fields written as sentences get a box that grows with them. */
const isLong = (field: string, text: string) => text.length > 80 || /answer|text|body|description/i.test(field);

/**
 * Repeatable entries (FAQs, key facts, cards, steps) as a list of rows named by their titles:
 * a row opens to its fields, and moves or goes by its icon buttons. Every button works by
 * keyboard; a move keeps the focus on the moved entry's button and is announced through the
 * screen's live region.
 */
export function ListEditor({ id, label, value, config, onChange, errors, disabled, canChangeFields = false }: Props) {
  const fields = entryFieldOrder(listFields(value, config));
  // Which rows are open, kept beside the entries so a move or a removal takes it along.
  const [open, setOpen] = useState<boolean[]>(() => value.map(() => value.length === 1));
  const [newField, setNewField] = useState('');
  const entries = useRef<HTMLFieldSetElement | null>(null);

  // An entry clicked on the page preview: opened, then its first field focused once shown.
  const [revealed, setRevealed] = useState<{ index: number; field?: string } | null>(null);
  useEffect(() => {
    const list = entries.current;
    const reveal = (event: Event) => {
      const { index, field } = (event as CustomEvent<{ index: number; field?: string }>).detail;
      setOpen((now) => value.map((_, at) => (at === index ? true : (now[at] ?? false))));
      setRevealed({ index, field });
    };
    list?.addEventListener(REVEAL_ENTRY_EVENT, reveal);
    return () => list?.removeEventListener(REVEAL_ENTRY_EVENT, reveal);
  }, [value]);
  useEffect(() => {
    if (!revealed) return;
    const clicked = revealed.field ? document.getElementById(`${id}-${revealed.index}-${revealed.field}`) : null;
    (clicked ?? entries.current?.querySelector<HTMLElement>(firstControl(revealed.index)))?.focus();
  }, [revealed, id]);

  const focusLater = (selector: string) => requestAnimationFrame(() => entries.current?.querySelector<HTMLElement>(selector)?.focus());
  const isOpen = (index: number) => (open[index] ?? false) || Object.keys(errors).some((key) => key.startsWith(`${index}.`));
  const toggle = (index: number) => setOpen(value.map((_, at) => (at === index ? !isOpen(index) : (open[at] ?? false))));

  const move = (index: number, step: -1 | 1) => {
    const target = index + step;
    onChange(moved(value, index, step));
    setOpen(
      moved(
        value.map((_, at) => open[at] ?? false),
        index,
        step,
      ),
    );
    announce(`Entry ${index + 1} moved to position ${target + 1} of ${value.length}.`);
    // The same button on the entry's new row, or the other one when it reached an end.
    const edge = target === 0 || target === value.length - 1;
    focusLater(`[data-entry="${target}"] [data-move="${edge ? -step : step}"]`);
  };
  const remove = (index: number) => {
    onChange(value.filter((_, at) => at !== index));
    setOpen(value.map((_, at) => open[at] ?? false).filter((_, at) => at !== index));
    announce(`Entry ${index + 1} removed. ${value.length - 1} left.`);
    focusLater(value.length > 1 ? `[data-entry="${Math.max(0, index - 1)}"] [data-toggle]` : '[data-add]');
  };
  const add = () => {
    onChange([...value, Object.fromEntries(fields.map((field) => [field, '']))]);
    setOpen([...value.map((_, at) => open[at] ?? false), true]);
    announce(`Entry ${value.length + 1} added.`);
    focusLater(firstControl(value.length));
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
      {value.length === 0 && <p className="bo-hint">No entries yet: add the first below.</p>}
      <ol className="content-list-entries">
        {value.map((entry, index) => {
          const bodyId = `${id}-${index}-fields`;
          const icon = ICON_CHOICES.find((choice) => choice.name === entry.icon);
          const shown = isOpen(index);
          return (
            <li key={index} data-entry={index} className="content-list-entry" data-open={shown || undefined}>
              <div className="content-entry-head">
                <button
                  type="button"
                  className="bo-disclosure content-entry-toggle"
                  data-toggle
                  aria-expanded={shown}
                  aria-controls={bodyId}
                  onClick={() => toggle(index)}
                >
                  <Icon svg={ChevronRight} size={16} className="bo-disclosure-chevron" />
                  {icon && <Icon svg={icon.svg} size={18} className="content-entry-icon" />}
                  <span className="content-entry-title">{entryTitle(entry, fields) || `Entry ${index + 1}`}</span>
                  <span className="visually-hidden">
                    , entry {index + 1} of {value.length}
                  </span>
                </button>
                <button
                  type="button"
                  className="bo-button bo-button-quiet bo-button-icon"
                  data-move="-1"
                  disabled={index === 0}
                  title="Move up"
                  onClick={() => move(index, -1)}
                >
                  <Icon svg={ArrowUp} size={16} />
                  <span className="visually-hidden">Move up entry {index + 1}</span>
                </button>
                <button
                  type="button"
                  className="bo-button bo-button-quiet bo-button-icon"
                  data-move="1"
                  disabled={index === value.length - 1}
                  title="Move down"
                  onClick={() => move(index, 1)}
                >
                  <Icon svg={ArrowDown} size={16} />
                  <span className="visually-hidden">Move down entry {index + 1}</span>
                </button>
                <button type="button" className="bo-button bo-button-danger-quiet bo-button-icon" title="Remove" onClick={() => remove(index)}>
                  <Icon svg={Trash2} size={16} />
                  <span className="visually-hidden">Remove entry {index + 1}</span>
                </button>
              </div>
              <fieldset id={bodyId} className="content-entry-fields" hidden={!shown}>
                <legend className="visually-hidden">Entry {index + 1}</legend>
                {fields.map((field) => {
                  const fieldId = `${id}-${index}-${field}`;
                  const change = (text: string) => onChange(value.map((candidate, at) => (at === index ? { ...candidate, [field]: text } : candidate)));
                  if (field === 'icon') return <IconPicker key={field} id={fieldId} label="Icon" value={entry[field] ?? ''} onChange={change} />;
                  const error = errors[`${index}.${field}`];
                  const text = entry[field] ?? '';
                  const common = {
                    id: fieldId,
                    value: text,
                    maxLength: CONTENT_LIMITS.entryText,
                    'aria-invalid': error ? true : undefined,
                    'aria-describedby': error ? `${fieldId}-error` : undefined,
                    className: 'ui-input',
                  };
                  return (
                    <div className="ui-field" key={field}>
                      <label className="ui-label" htmlFor={fieldId}>
                        {capitalised(field)}
                      </label>
                      {isLong(field, text) ? (
                        <textarea
                          {...common}
                          className="ui-input ui-textarea bo-grows bo-grows-tall"
                          rows={3}
                          onChange={(event) => change(event.target.value)}
                        />
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
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="content-row-actions">
        <button type="button" className="bo-button" data-add onClick={add} disabled={value.length >= CONTENT_LIMITS.listEntries}>
          <Icon svg={Plus} size={16} />
          Add an entry
        </button>
      </div>
      {canChangeFields && (
        <div className="content-inline-form">
          <div className="ui-field">
            <label className="ui-label" htmlFor={`${id}-new-field`}>
              New box in every entry
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
          <button
            type="button"
            className="bo-button"
            onClick={addField}
            disabled={!newField.trim() || fields.includes(newField.trim()) || fields.length >= CONTENT_LIMITS.entryFields}
          >
            Add the box
          </button>
        </div>
      )}
    </fieldset>
  );
}
