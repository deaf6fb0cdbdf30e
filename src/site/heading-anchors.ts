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
  // Ids the text gives its own headings are taken first, so a made-up id never repeats one.
  const used = new Set([...html.matchAll(/<h2 id="([\w-]+)">/g)].map((match) => match[1]));
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

/** The text before its first <h2> (a long page's opening words), and the rest from that heading on. */
export function splitOpening(html: string): { opening: string; rest: string } {
  const at = html.indexOf('<h2');
  return at <= 0 ? { opening: '', rest: html } : { opening: html.slice(0, at), rest: html.slice(at) };
}
