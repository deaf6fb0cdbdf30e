import { MARKER_ATTRIBUTE, hasMarkers, parseMarkerKey, splitMarkers } from '#src/lib/content-markers.ts';

/**
 * The page editor's hold on a draft preview's page (same origin, in a frame): the content
 * markers the preview build put in every text become elements it can point at, patch while
 * staff type, and open on a click. Pure DOM, on the frame's own document.
 */

/** What can be pointed at: a marked text, each block of marked HTML, and a marked picture (its <img>, as a <picture> may lay out as if absent). */
const POINTABLE = [`span[${MARKER_ATTRIBUTE}]`, `div[${MARKER_ATTRIBUTE}] > :not(picture)`, `div[${MARKER_ATTRIBUTE}] > picture > img`];
const SELECTED = [
  `[data-content-selected] span[${MARKER_ATTRIBUTE}]`,
  `span[${MARKER_ATTRIBUTE}][data-content-selected]`,
  `div[${MARKER_ATTRIBUTE}][data-content-selected] > :not(picture)`,
  `div[${MARKER_ATTRIBUTE}][data-content-selected] > picture > img`,
];

const STYLE = `
  div[${MARKER_ATTRIBUTE}] { display: contents; }
  ${POINTABLE.join(', ')} { cursor: pointer; border-radius: 3px; transition: outline-color .1s; }
  ${POINTABLE.map((selector) => `${selector}:hover`).join(', ')} { outline: 2px dashed rgb(26 115 232 / .7); outline-offset: 2px; }
  ${SELECTED.join(', ')} {
    outline: 3px solid #1a73e8; outline-offset: 2px; background: rgb(26 115 232 / .08);
  }
`;

/** Turns the page's markers into marked elements and takes them out of every attribute and the title. */
export function prepareDocument(doc: Document): void {
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const marked: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (hasMarkers((node as Text).data)) marked.push(node as Text);
  for (const node of marked) {
    const { clean, pieces } = splitMarkers(node.data);
    const fragment = doc.createDocumentFragment();
    let at = 0;
    for (const piece of pieces.sort((a, b) => a.start - b.start)) {
      if (piece.start < at) continue;
      if (piece.start > at) fragment.append(clean.slice(at, piece.start));
      const span = doc.createElement('span');
      span.setAttribute(MARKER_ATTRIBUTE, piece.key);
      span.textContent = clean.slice(piece.start, piece.end);
      fragment.append(span);
      at = piece.end;
    }
    if (at < clean.length) fragment.append(clean.slice(at));
    node.replaceWith(fragment);
  }
  for (const element of doc.querySelectorAll('*'))
    for (const attribute of [...element.attributes]) if (hasMarkers(attribute.value)) element.setAttribute(attribute.name, splitMarkers(attribute.value).clean);
  doc.title = splitMarkers(doc.title).clean;
  // The page's main landmark, named as a preview: the back-office's own main is the one around it.
  doc.querySelector('main')?.setAttribute('aria-label', 'Page preview');
  // A constructed sheet: the page's content security policy allows no <style> of ours.
  const view = doc.defaultView;
  if (view) {
    const sheet = new view.CSSStyleSheet();
    sheet.replaceSync(STYLE);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  }
}

/** Every marked element of one key (an element, or one field of a list's entry). */
const marks = (doc: Document, key: string) => doc.querySelectorAll<HTMLElement>(`[${MARKER_ATTRIBUTE}="${CSS.escape(key)}"]`);

/**
 * Clicks on the page pick what they land on (the key of the text there) instead of following a
 * link or sending a form: the preview is for pointing at words, not for browsing.
 */
export function onPick(doc: Document, pick: (key: string) => void): () => void {
  const click = (event: MouseEvent) => {
    // The frame's own Element, not this window's: instanceof would say no.
    const target = event.target && 'closest' in event.target ? (event.target as Element) : null;
    event.preventDefault();
    event.stopPropagation();
    // A card's link stretched over the card takes the click above its own words: then the
    // marked text under the pointer is the one meant.
    const marked =
      target?.closest(`[${MARKER_ATTRIBUTE}]`) ?? doc.elementsFromPoint(event.clientX, event.clientY).find((element) => element.hasAttribute(MARKER_ATTRIBUTE));
    const key = marked?.getAttribute(MARKER_ATTRIBUTE);
    if (key) pick(key);
  };
  const submit = (event: Event) => event.preventDefault();
  doc.addEventListener('click', click, true);
  doc.addEventListener('submit', submit, true);
  return () => {
    doc.removeEventListener('click', click, true);
    doc.removeEventListener('submit', submit, true);
  };
}

/** Shows a text where it stands on the page, as staff type it (a text's words, a link's words, a list entry's field). */
export function patchText(doc: Document, key: string, text: string): void {
  for (const element of marks(doc, key)) if (element.tagName === 'SPAN' && element.children.length === 0) element.textContent = text;
}

/** Shows rendered Markdown (sanitised by the server) in the place of the old. */
export function patchHtml(doc: Document, key: string, html: string): void {
  // Inside a paragraph (a span), the one paragraph's own words: a block cannot sit there.
  const inline = /^\s*<p>([\s\S]*)<\/p>\s*$/.exec(html)?.[1];
  for (const element of marks(doc, key)) element.innerHTML = element.tagName === 'SPAN' ? (inline ?? html) : html;
}

/** Marks what is being edited (an element, one entry of a list, or every field of it on the page) and brings the first into view. */
export function highlight(doc: Document, selected: string | null): void {
  for (const element of doc.querySelectorAll('[data-content-selected]')) element.removeAttribute('data-content-selected');
  if (!selected) return;
  // An element's every text, or, for one entry of a list (a card clicked), that entry's texts alone.
  const { elementId, entry } = parseMarkerKey(selected);
  const prefix = entry ? `${elementId}#${entry.index}.` : `${elementId}#`;
  const found = [...doc.querySelectorAll<HTMLElement>(`[${MARKER_ATTRIBUTE}]`)].filter((element) => {
    const key = element.getAttribute(MARKER_ATTRIBUTE) ?? '';
    return (!entry && key === elementId) || key.startsWith(prefix);
  });
  for (const element of found) element.setAttribute('data-content-selected', '');
  found[0]?.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
