/**
 * Site facts ({brand}, {salesPhone}) in the page editor: shown as their values, as the page
 * shows them, and put back as placeholders when saved, so a phone number changed in the
 * settings still changes everywhere. Only the facts a value named before are put back: a
 * person typing the brand's name into a new sentence has written words, not a placeholder.
 */
export type Facts = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

/** The text as the page shows it: each known {fact} its value (an unknown one stays as written). */
export function showFacts(text: string, facts: Facts): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => facts[name] ?? whole);
}

/** The facts a text names. */
export function factsNamed(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** `shown` with the values of the facts `original` named turned back into their placeholders (the longest value first). */
export function keepFacts(shown: string, original: string, facts: Facts): string {
  const named = [...new Set(factsNamed(original))].filter((name) => facts[name]);
  named.sort((a, b) => facts[b]!.length - facts[a]!.length);
  let text = shown;
  for (const name of named) text = text.split(facts[name]!).join(`{${name}}`);
  return text;
}

/** Every text inside a value (a link's address and words, a list's entries), changed by `change`. */
export function mapTexts(value: unknown, change: (text: string, path: string) => string, path = ''): unknown {
  if (typeof value === 'string') return change(value, path);
  if (Array.isArray(value)) return value.map((item, index) => mapTexts(item, change, path ? `${path}.${index}` : String(index)));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapTexts(item, change, path ? `${path}.${key}` : key)]));
  return value;
}

/** The text at `path` inside a value ('' is the value itself), or '' when there is none. */
export function textAt(value: unknown, path: string): string {
  let here: unknown = value;
  for (const key of path ? path.split('.') : []) here = (here as Record<string, unknown> | undefined)?.[key];
  return typeof here === 'string' ? here : '';
}

/** A value as the editor shows it (facts as their values). */
export const valueShown = (value: unknown, facts: Facts): unknown => mapTexts(value, (text) => showFacts(text, facts));

/** A value as it is saved: the facts the saved value named put back, text by text. */
export const valueSaved = (shown: unknown, saved: unknown, facts: Facts): unknown =>
  mapTexts(shown, (text, path) => keepFacts(text, textAt(saved, path), facts));
