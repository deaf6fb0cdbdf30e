const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/**
 * An amount the API sends as "1250.50", as Irish English writes it: "€1,250.50", on every screen
 * (a card, its board column's sum, the dashboard) and in the readable export, so a sum and the
 * amounts it adds up read alike.
 */
export const formatEuro = (amount: string | number): string => euro.format(Number(amount));
