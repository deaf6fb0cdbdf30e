/**
 * The language a date or time field is drawn in: day, month, year and a 24-hour clock, as in
 * Ireland. The page says en-IE too (`<html lang>`), but a field React builds is given its type
 * before it joins the page, and a browser that draws fields in the page's language then reads
 * none and falls back to its own (month first in a US browser). Naming it on the field itself
 * leaves nothing forcing US order.
 */
export const dateFieldLang = 'en-IE';
