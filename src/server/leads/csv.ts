/**
 * CSV as spreadsheets read it (RFC 4180, CRLF, a BOM so Excel takes UTF-8). A cell that a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with a quote mark.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
