import { slugify } from '../lib/slugify.ts';

/**
 * Gives each <h2> of a page's rendered text an id and lists them, so a long product page can
 * offer "On this page" links beside its text. Plain <h2> tags (as the Markdown renderer writes
 * them) get an id from their words; one that has an id of its own and nothing else (the FAQ
 * page's groups) is listed by that id; any other is left alone. The words shown are the
 * heading's text without its tags.
 */
export function withHeadingAnchors(html: string): { html: string; headings: { id: string; text: string }[] } {
  const headings: { id: string; text: string }[] = [];
  const used = new Set<string>();
  const out = html.replace(/<h2(?: id="([\w-]+)")?>([\s\S]*?)<\/h2>/g, (_, ownId: string | undefined, inner: string) => {
    const text = inner
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&apos;/g, '’')
      .trim();
    const base = ownId ?? (slugify(text) || 'section');
    let id = base;
    for (let n = 2; !ownId && used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    headings.push({ id, text });
    return `<h2 id="${id}">${inner}</h2>`;
  });
  return { html: out, headings };
}

/**
 * Each listed heading's first sentence: the words of the first paragraph after it (before the
 * next <h2>) up to its first full stop, for an overview of a long page's parts. A part that
 * opens with no paragraph has an empty summary.
 */
export function headingSummaries(html: string, headings: readonly { id: string; text: string }[]): { id: string; text: string; summary: string }[] {
  return headings.map((heading) => {
    const start = html.indexOf(`<h2 id="${heading.id}">`);
    const rest = start === -1 ? '' : html.slice(start + 1);
    const part = rest.slice(0, rest.indexOf('<h2') === -1 ? undefined : rest.indexOf('<h2'));
    const paragraph = /<p>([\s\S]*?)<\/p>/.exec(part)?.[1] ?? '';
    const words = paragraph
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#39;|&apos;/g, '’')
      .replace(/\s+/g, ' ')
      .trim();
    const stop = words.search(/[.!?](\s|$)/);
    return { ...heading, summary: stop === -1 ? words : words.slice(0, stop + 1) };
  });
}
