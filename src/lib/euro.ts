const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });
const wholeEuro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/**
 * An amount the API sends as "1250.50", as Irish English writes it: "€1,250.50" (the back-office
 * and the readable export); `{ cents: false }` rounds it to the euro for a sum read at a glance
 * (a board column's premiums: "€18,401").
 */
export const formatEuro = (amount: string | number, { cents = true }: { cents?: boolean } = {}): string => (cents ? euro : wholeEuro).format(Number(amount));
