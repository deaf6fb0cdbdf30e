// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '#src/schemas/messages.ts';
import { SearchList, type SearchListProps } from '#src/ui/SearchList.tsx';
import {
  exactMatch,
  filterOptions,
  nextActiveIndex,
  resolveOnBlur,
  resultCountText,
  SEARCH_LIST_DEBOUNCE_MS,
  SEARCH_LIST_MAX_OPTIONS,
} from '#src/ui/search-list-rules.ts';
import { normalizeSearchText } from '#src/lib/search-text.ts';

afterEach(cleanup);

const PLACES = ['Dún Laoghaire', 'Dublin', 'Dundalk', 'Cork', 'Cork City', 'Galway', 'Ennis'];

describe('search list constants', () => {
  it('shows at most 50 options and searches after a 200 ms pause', () => {
    expect(SEARCH_LIST_MAX_OPTIONS).toBe(50);
    expect(SEARCH_LIST_DEBOUNCE_MS).toBe(200);
  });
});

describe('filterOptions', () => {
  it('matches anywhere in the option, ignoring case and accents', () => {
    expect(filterOptions(PLACES, 'dun laoghaire')).toEqual(['Dún Laoghaire']);
    expect(filterOptions(PLACES, 'DÚN')).toEqual(['Dún Laoghaire', 'Dundalk']);
    expect(filterOptions(PLACES, 'dun')).toEqual(['Dún Laoghaire', 'Dundalk']);
    expect(filterOptions(PLACES, 'ork')).toEqual(['Cork', 'Cork City']);
    expect(filterOptions(['Dun Laoghaire'], 'dún')).toEqual(['Dun Laoghaire']);
  });
  it('ignores extra white space', () => {
    expect(filterOptions(PLACES, '  cork   city ')).toEqual(['Cork City']);
  });
  it('keeps the options’ order and gives every option for blank text', () => {
    expect(filterOptions(PLACES, '')).toEqual(PLACES);
    expect(filterOptions(PLACES, '   ')).toEqual(PLACES);
  });
  it('finds nothing when nothing matches', () => {
    expect(filterOptions(PLACES, 'Sligo')).toEqual([]);
  });
  it('stops at the limit, 50 by default', () => {
    const many = Array.from({ length: 120 }, (_, i) => `Street ${i}`);
    expect(filterOptions(many, 'street')).toHaveLength(50);
    expect(filterOptions(many, 'street', 10)).toEqual(many.slice(0, 10));
  });
  it('normalises text for comparing', () => {
    expect(normalizeSearchText('  Dún   Laoghaire ')).toBe('dun laoghaire');
    expect(normalizeSearchText('ÉIRE')).toBe('eire');
  });
  it('finds an exact match ignoring case and accents', () => {
    expect(exactMatch(PLACES, 'cork')).toBe('Cork');
    expect(exactMatch(PLACES, 'dun laoghaire')).toBe('Dún Laoghaire');
    expect(exactMatch(PLACES, 'cor')).toBeUndefined();
    expect(exactMatch(PLACES, ' ')).toBeUndefined();
  });
});

describe('resolveOnBlur', () => {
  it('picks the only remaining match', () => {
    expect(resolveOnBlur({ text: 'galw', options: PLACES })).toBe('Galway');
    expect(resolveOnBlur({ text: 'dun laog', options: PLACES })).toBe('Dún Laoghaire');
  });
  it('picks the only remaining match even when new text is allowed', () => {
    expect(resolveOnBlur({ text: 'galw', options: PLACES, allowNew: true })).toBe('Galway');
  });
  it('picks an exact match among several', () => {
    expect(resolveOnBlur({ text: 'cork', options: PLACES })).toBe('Cork');
    expect(resolveOnBlur({ text: 'CORK', options: PLACES, allowNew: true })).toBe('Cork');
  });
  it('keeps the free text, trimmed, when adding new is allowed', () => {
    expect(resolveOnBlur({ text: ' Sligo ', options: PLACES, allowNew: true })).toBe('Sligo');
    expect(resolveOnBlur({ text: 'dun', options: PLACES, allowNew: true })).toBe('dun');
  });
  it('clears otherwise', () => {
    expect(resolveOnBlur({ text: 'Sligo', options: PLACES })).toBe('');
    expect(resolveOnBlur({ text: 'dun', options: PLACES })).toBe('');
    expect(resolveOnBlur({ text: 'anything', options: [] })).toBe('');
  });
  it('clears blank text', () => {
    expect(resolveOnBlur({ text: '   ', options: PLACES, allowNew: true })).toBe('');
  });
  it('keeps the value held before when the text was left as it was', () => {
    expect(resolveOnBlur({ text: 'Kilkenny', options: [], value: 'Kilkenny' })).toBe('Kilkenny');
  });
  it('takes search results as they are when they answer exactly this text', () => {
    const results = ['12 Main Street, Cork'];
    expect(resolveOnBlur({ text: 'main st cork', options: results, filtered: true })).toBe('12 Main Street, Cork');
    expect(resolveOnBlur({ text: 'main st cork', options: results })).toBe('');
  });
});

describe('result count and keyboard moves', () => {
  it('words the count', () => {
    expect(resultCountText(0)).toBe('No results');
    expect(resultCountText(1)).toBe('1 result');
    expect(resultCountText(7)).toBe('7 results');
    expect(resultCountText(120, 50)).toBe('120 results, first 50 shown');
  });
  it('moves with the arrows, wrapping, and jumps with Home and End', () => {
    expect(nextActiveIndex('ArrowDown', -1, 3)).toBe(0);
    expect(nextActiveIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextActiveIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextActiveIndex('ArrowUp', -1, 3)).toBe(2);
    expect(nextActiveIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextActiveIndex('ArrowUp', 2, 3)).toBe(1);
    expect(nextActiveIndex('Home', 2, 3)).toBe(0);
    expect(nextActiveIndex('End', 0, 3)).toBe(2);
    expect(nextActiveIndex('ArrowDown', -1, 0)).toBe(-1);
    expect(nextActiveIndex('a', 1, 3)).toBeUndefined();
  });
});

function Harness(props: Partial<SearchListProps> & { initial?: string; onValue?: (value: string) => void }) {
  const { initial = '', onValue, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <SearchList
        id="place"
        label="Place"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue?.(next);
        }}
        options={PLACES}
        {...rest}
      />
      <span data-testid="held">{value}</span>
      <button type="button" onClick={() => setValue('Ennis')}>
        Load
      </button>
    </form>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Place' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const key = (k: string, init: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(box(), { key: k, ...init });
const listbox = () => screen.getByRole('listbox', { hidden: true });

describe('<SearchList>', () => {
  it('is a combobox that controls a listbox, collapsed at first', () => {
    render(<Harness />);
    const input = box();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-controls')).toBe(listbox().id);
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(listbox().hidden).toBe(true);
  });

  it('filters as one types and announces the count', () => {
    render(<Harness />);
    type('dun');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(
      within(listbox())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Dún Laoghaire', 'Dundalk']);
    expect(screen.getByRole('status').textContent).toBe('2 results');
    type('sligo');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('No results');
  });

  it('moves through the options with the keys and picks with Enter', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    type('cork');
    key('ArrowDown');
    const options = within(listbox()).getAllByRole('option');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    expect(options[0]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    key('End');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    key('Home');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    key('ArrowUp');
    expect(box().getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    key('Enter');
    expect(onValue).toHaveBeenLastCalledWith('Cork City');
    expect(box().value).toBe('Cork City');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-activedescendant')).toBeNull();
  });

  it('opens on ArrowDown with every option, and Escape closes without changing the value', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    key('ArrowDown');
    expect(within(listbox()).getAllByRole('option')).toHaveLength(PLACES.length);
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(onValue).not.toHaveBeenCalled();
  });

  it('picks an option on click', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    type('gal');
    fireEvent.click(screen.getByRole('option', { name: 'Galway' }));
    expect(onValue).toHaveBeenLastCalledWith('Galway');
    expect(box().value).toBe('Galway');
  });

  it('on blur picks the only remaining match', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    type('dun laog');
    fireEvent.blur(box());
    expect(onValue).toHaveBeenLastCalledWith('Dún Laoghaire');
    expect(box().value).toBe('Dún Laoghaire');
    expect(screen.queryByText(messages.required)).toBeNull();
  });

  it('on blur picks the exact match among several', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    type('cork');
    fireEvent.blur(box());
    expect(onValue).toHaveBeenLastCalledWith('Cork');
  });

  it('on blur keeps free text when adding new is allowed', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} allowNew />);
    type('Sligo');
    fireEvent.blur(box());
    expect(onValue).toHaveBeenLastCalledWith('Sligo');
    expect(box().value).toBe('Sligo');
  });

  it('on blur clears otherwise, and says why', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} initial="Cork" notPickedMessage={messages.pickAddress} />);
    type('Sligo');
    fireEvent.blur(box());
    expect(onValue).toHaveBeenLastCalledWith('');
    expect(box().value).toBe('');
    const error = screen.getByText(messages.pickAddress);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect(box().getAttribute('aria-describedby')).toBe(error.id);
    type('gal');
    expect(screen.queryByText(messages.pickAddress)).toBeNull();
  });

  it("says 'Required' by default when typed text is thrown away, and for a required field left empty", () => {
    render(<Harness />);
    type('Sligo');
    fireEvent.blur(box());
    expect(screen.getByText(messages.required)).toBeTruthy();
    cleanup();
    render(<Harness required />);
    expect(screen.queryByText(messages.required)).toBeNull();
    fireEvent.blur(box());
    expect(screen.getByText(messages.required)).toBeTruthy();
  });

  it('keeps a value it was given when the box is left untouched', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} initial="Somewhere not listed" />);
    fireEvent.focus(box());
    fireEvent.blur(box());
    expect(onValue).not.toHaveBeenCalled();
    expect(box().value).toBe('Somewhere not listed');
  });

  it('settles the typed text on Enter when no option is highlighted', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    type('galw');
    key('Enter');
    expect(onValue).toHaveBeenLastCalledWith('Galway');
  });

  it('shows a value set from outside', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(box().value).toBe('Ennis');
  });

  it('searches asynchronously after a pause, showing "Searching…" meanwhile', async () => {
    const loadOptions = vi.fn(async (text: string) => filterOptions(['12 Main Street, Cork', '14 Main Street, Cork'], text));
    render(<Harness options={undefined} loadOptions={loadOptions} debounceMs={20} />);
    type('main');
    expect(screen.getByRole('status').textContent).toBe('Searching…');
    type('main street');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 results'));
    expect(loadOptions).toHaveBeenCalledTimes(1);
    expect(loadOptions.mock.calls[0]?.[0]).toBe('main street');
    expect(within(listbox()).getAllByRole('option')).toHaveLength(2);
  });

  it('on blur takes the only search result, even when it does not contain the text word for word', async () => {
    const onValue = vi.fn();
    const loadOptions = async () => ['12 Main Street, Cork'];
    render(<Harness options={undefined} loadOptions={loadOptions} debounceMs={0} onValue={onValue} />);
    type('12 main st');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 result'));
    fireEvent.blur(box());
    expect(onValue).toHaveBeenLastCalledWith('12 Main Street, Cork');
  });

  it('aborts the older search when the text changes', async () => {
    const signals: AbortSignal[] = [];
    const loadOptions = (_text: string, signal: AbortSignal) => {
      signals.push(signal);
      return new Promise<string[]>((resolve) => setTimeout(() => resolve(['Galway']), 30));
    };
    render(<Harness options={undefined} loadOptions={loadOptions} debounceMs={0} />);
    type('ga');
    await waitFor(() => expect(signals).toHaveLength(1));
    type('gal');
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 result'));
  });

  it('renders on the server without inline styles', () => {
    const html = renderToString(<SearchList id="p" label="Place" value="Cork" onChange={() => undefined} options={PLACES} />);
    expect(html).not.toContain('style=');
    expect(html).toContain('role="combobox"');
  });
});
