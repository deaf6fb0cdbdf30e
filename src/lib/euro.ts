const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' });

/** An amount the API sends as "1250.50", as Irish English writes it: "€1,250.50" (the back-office and the readable export). */
export const formatEuro = (amount: string | number): string => euro.format(Number(amount));
