import { type ReactNode, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { SlidersHorizontal } from 'lucide-static';
import { DateInWords } from '../kit/DateInWords.tsx';
import { Icon } from '../kit/Icon.tsx';
import { dateFieldLang } from '#src/ui/date-field-lang.ts';
import { type FilterSpec, filterKeysOf } from './descriptor.ts';
import { CUSTOM_DATES, DATE_PRESETS, presetOfRange, rangeOfPreset } from './date-presets.ts';

type SelectSpec = Extract<FilterSpec, { kind: 'select' }>;

type Values = Record<string, string | undefined>;

type Props = {
  filters: FilterSpec[];
  /** The filters the list is showing now. */
  value: Values;
  onChange(value: Values): void;
  /** A name for the form ("Filter callbacks"). */
  label: string;
  /** More for the folded panel, after the choices: a phone's list order and downloads (ListScreen). */
  more?: ReactNode;
  /** The list's `defaults`: a filter at its default is not one to clear. */
  defaults?: Values;
};

/** How long typing pauses before a search is sent. */
export const SEARCH_DELAY_MS = 400;

/**
 * The list's filters: a choice or a date applies at once, a search once typing pauses (or on
 * Enter); 'Clear filters' appears while any is set. Each control is a native one with its
 * own label.
 */
export function FilterBar({ filters, value, onChange, label, more, defaults = {} }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<Values>(value);
  const [open, setOpen] = useState(false);
  /** The date range whose two fields are open although they are empty or make a quick choice. */
  const [customRange, setCustomRange] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** The filters this bar last sent: the list taking them is no reason to reset what is being typed. */
  const sent = useRef<Values>(value);
  // The list's filters changed from elsewhere (the address on arrival): the fields follow.
  useEffect(() => {
    if (value !== sent.current) setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const send = (next: Values) => {
    sent.current = next;
    onChange(next);
  };
  const apply = (next: Values) => {
    clearTimeout(timer.current);
    setDraft(next);
    send(next);
  };
  const type = (key: string, text: string) => {
    const next = { ...draft, [key]: text };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next), SEARCH_DELAY_MS);
  };
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    apply(draft);
  };
  const owned = filters.flatMap(filterKeysOf);
  const anySet = owned.some((key) => value[key] && value[key] !== defaults[key]);
  /** No filter of this bar, the list's other settings (its order) kept. */
  const cleared = () => Object.fromEntries(Object.entries(value).filter(([key]) => !owned.includes(key)));

  const searches = filters.filter((filter) => filter.kind === 'search' && !filter.folded);
  const others = filters.filter((filter) => !searches.includes(filter));
  const setCount = others.flatMap(filterKeysOf).filter((key) => value[key] && value[key] !== defaults[key]).length;

  const control = (filter: FilterSpec) => {
    const fieldId = `${id}-${filter.key}`;
    const current = draft[filter.key] ?? '';
    if (filter.kind === 'dateRange') {
      const from = draft[filter.from] ?? '';
      const to = draft[filter.to] ?? '';
      const chosen = customRange === filter.key ? CUSTOM_DATES : presetOfRange(from, to);
      // Each date is named in full for a screen reader ('Received from').
      const date = (key: string, words: string) => (
        <DateFilterField
          id={`${fieldId}-${key}`}
          aria-label={`${filter.label} ${words}`}
          value={draft[key] ?? ''}
          max={key === filter.from ? to || undefined : undefined}
          min={key === filter.to ? from || undefined : undefined}
          onChange={(day) => apply({ ...draft, [key]: day })}
        />
      );
      const choose = (choice: string) => {
        // Custom keeps the dates there are and opens the two fields; a quick choice sets them.
        setCustomRange(choice === CUSTOM_DATES ? filter.key : null);
        if (choice !== CUSTOM_DATES) {
          const range = rangeOfPreset(choice);
          apply({ ...draft, [filter.from]: range.from, [filter.to]: range.to });
        }
      };
      return (
        <div key={filter.key} className="bo-filter bo-filter-range" data-custom={chosen === CUSTOM_DATES || undefined}>
          <label htmlFor={fieldId}>{filter.label}</label>
          <div className="bo-filter-range-dates">
            <select id={fieldId} className="bo-input" value={chosen} onChange={(event) => choose(event.target.value)}>
              <option value="">Any time</option>
              {DATE_PRESETS.map((preset) => (
                <option key={preset.value} value={preset.value}>
                  {preset.label}
                </option>
              ))}
              <option value={CUSTOM_DATES}>Custom dates</option>
            </select>
            {chosen === CUSTOM_DATES && (
              <>
                {date(filter.from, 'from')}
                <span aria-hidden="true">–</span>
                {date(filter.to, 'to')}
              </>
            )}
          </div>
        </div>
      );
    }
    return (
      <div key={filter.key} className={filter.kind === 'search' ? 'bo-filter bo-filter-search' : 'bo-filter'}>
        {filter.kind === 'search' && filter.scope ? (
          <div className="bo-filter-label">
            <label htmlFor={fieldId}>{filter.label}</label>
            <span id={`${fieldId}-scope`} className="bo-filter-scope">
              {filter.scope}
            </span>
          </div>
        ) : (
          <label htmlFor={fieldId}>{filter.label}</label>
        )}
        {filter.kind === 'select' ? (
          <ChoiceSelect id={fieldId} spec={filter} value={current} onChange={(choice) => apply({ ...draft, [filter.key]: choice })} />
        ) : filter.kind === 'date' ? (
          <DateFilterField id={fieldId} value={current} onChange={(day) => apply({ ...draft, [filter.key]: day })} />
        ) : (
          <input
            id={fieldId}
            className="bo-input"
            type="search"
            value={current}
            maxLength={filter.maxLength ?? 200}
            placeholder="Search"
            aria-describedby={filter.scope ? `${fieldId}-scope` : undefined}
            onChange={(event) => type(filter.key, event.target.value)}
          />
        )}
      </div>
    );
  };

  return (
    <form className="bo-filters" onSubmit={submit} aria-label={label} data-open={open || undefined}>
      {searches.map(control)}
      {(others.length > 0 || more) && (
        // On a phone the choices fold behind one button, so the first results show without scrolling.
        <button type="button" className="bo-button bo-filters-toggle" aria-expanded={open} aria-controls={`${id}-more`} onClick={() => setOpen(!open)}>
          <Icon svg={SlidersHorizontal} size={16} />
          {setCount > 0 ? `Filters (${setCount})` : 'Filters'}
        </button>
      )}
      <div id={`${id}-more`} className="bo-filters-more">
        {others.map(control)}
        {more}
      </div>
      {anySet && (
        <div className="bo-filter-actions">
          <button
            type="button"
            className="bo-button bo-button-quiet"
            onClick={() => {
              setCustomRange(null);
              apply(cleared());
            }}
          >
            Clear filters
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * A date filter's field with its day in words under it (DateInWords), as every date field of a
 * form has: a browser may show 02/12/2026 for 2 December or 12 February. The words' line is kept
 * while the field shows, empty or not, so choosing a day does not move the bar.
 */
function DateFilterField({
  id,
  value,
  onChange,
  ...limits
}: {
  id: string;
  value: string;
  onChange(day: string): void;
  'aria-label'?: string;
  min?: string;
  max?: string;
}) {
  return (
    <div className="bo-filter-date">
      <input
        id={id}
        className="bo-input"
        type="date"
        lang={dateFieldLang}
        value={value}
        aria-describedby={`${id}-words`}
        {...limits}
        onChange={(event) => onChange(event.target.value)}
      />
      <DateInWords id={`${id}-words`} value={value} />
    </div>
  );
}

/** A choice filter's select (a list's order too): its 'any' wording first, meaning no filter, where it has one. */
export function ChoiceSelect({ id, spec, value, onChange }: { id: string; spec: SelectSpec; value: string; onChange(choice: string): void }) {
  return (
    <select id={id} className="bo-input" value={value} onChange={(event) => onChange(event.target.value)}>
      {spec.any !== undefined && <option value="">{spec.any}</option>}
      {spec.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
