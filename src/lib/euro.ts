const wholeEuros = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const withCents = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount the API sends as "1250.50" or a form stored as "1450", as Irish English writes it:
 * whole euros without cents ("€1,450"), cents only when there are some ("€1,250.50"). The one
 * money formatter of every screen (a list, a card, its column's sum, a record's facts, the
 * dashboard), the mails and the readable export, so an amount reads alike wherever it is shown.
 * Downloads for a spreadsheet keep the plain number instead (answers-csv.ts).
 */
export function formatEuro(amount: string | number): string {
  const cents = Math.round(Number(amount) * 100);
  return cents % 100 === 0 ? wholeEuros.format(cents / 100) : withCents.format(cents / 100);
}
