/** Characters a spreadsheet may split cells on: ',' here, ';' where it is the list separator, tab on import. */
const SEPARATORS = ',;\t';
/** A cell that starts with one of these is run as a formula (tab and CR are stripped first by some). */
const FORMULA_START = '=+\\-@\t\r';
/** Every place a cell could start: the value's start and after any separator inside it. */
const CELL_START = new RegExp(`(?<=^|[${SEPARATORS}])(?=[${FORMULA_START}])`, 'g');
const NEEDS_QUOTES = new RegExp(`["${SEPARATORS}\r\n]`);

/**
 * CSV as spreadsheets read it (RFC 4180, CRLF, a BOM so Excel takes UTF-8). A formula
 * trigger where a spreadsheet could start a cell gets a quote mark before it, so it reads as
 * text; a cell holding a separator of any locale is quoted, so it stays one cell.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => {
    const safe = value.replace(CELL_START, "'");
    return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
