/** Search text folding, shared by the browser's search lists and the server's town search. */

/**
 * Text as the search compares it: accents dropped ("Dún" → "dun"), lower case, runs of white
 * space made one space, trimmed. So "dun laoghaire" finds "Dún Laoghaire".
 */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}
