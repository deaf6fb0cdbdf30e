/**
 * Where each piece of a page's copy came from, in a draft preview build only: the build's
 * content reader wraps every text it hands a page in invisible markers naming its element
 * (and, for a list, the entry and field), and the page editor turns them back into elements
 * it can point at, patch as staff type, and open on a click. Published builds carry none.
 *
 * A marked text is START key SEPARATOR text END, with characters no copy uses: U+2063
 * (invisible separator) and U+2064 (invisible plus), which draw nothing even if left in.
 */
export const CONTENT_MARKERS_VARIABLE = 'CONTENT_MARKERS';

const START = '\u2063\u2063';
const SEPARATOR = '\u2063';
const END = '\u2064';

/** The key of an element, or of one field of one entry of a list element. */
export const markerKey = (elementId: string, entry?: { index: number; field: string }): string =>
  entry ? `${elementId}#${entry.index}.${entry.field}` : elementId;

export function parseMarkerKey(key: string): { elementId: string; entry?: { index: number; field: string } } {
  const [elementId = '', rest] = key.split('#');
  if (!rest) return { elementId };
  const dot = rest.indexOf('.');
  return { elementId, entry: { index: Number(rest.slice(0, dot)), field: rest.slice(dot + 1) } };
}

export const markText = (key: string, text: string): string => `${START}${key}${SEPARATOR}${text}${END}`;

/** The attribute the page editor gives an element holding one marked text (or a marked block of HTML). */
export const MARKER_ATTRIBUTE = 'data-content-key';

/**
 * A block of HTML (rendered Markdown) as one markable element: a div around blocks (the page
 * editor lays it out as if it were not there), a span inside a paragraph.
 */
export const markHtml = (key: string, html: string, inline = false): string =>
  `<${inline ? 'span' : 'div'} ${MARKER_ATTRIBUTE}="${key}">${html}</${inline ? 'span' : 'div'}>`;

/** The text with its markers taken out, and the marked pieces in order with where they sit in the clean text. */
export function splitMarkers(text: string): { clean: string; pieces: { key: string; start: number; end: number }[] } {
  const pieces: { key: string; start: number; end: number }[] = [];
  let clean = '';
  let at = 0;
  const open: { key: string; start: number }[] = [];
  while (at < text.length) {
    if (text.startsWith(START, at)) {
      const separator = text.indexOf(SEPARATOR, at + START.length);
      if (separator === -1) break;
      open.push({ key: text.slice(at + START.length, separator), start: clean.length });
      at = separator + SEPARATOR.length;
    } else if (text[at] === END) {
      const piece = open.pop();
      if (piece) pieces.push({ ...piece, end: clean.length });
      at += 1;
    } else {
      clean += text[at];
      at += 1;
    }
  }
  return { clean, pieces };
}

/** Whether a text holds any marker at all (most of a page does not). */
export const hasMarkers = (text: string): boolean => text.includes(SEPARATOR) || text.includes(END);

/** A built page with every marker and marker attribute taken out: a draft shown to someone outside the editor. */
export const withoutMarkers = (html: string): string =>
  html
    .replace(new RegExp(`${START}[^${SEPARATOR}]*${SEPARATOR}`, 'g'), '')
    .replaceAll(END, '')
    .replace(new RegExp(` ${MARKER_ATTRIBUTE}="[^"]*"`, 'g'), '');
