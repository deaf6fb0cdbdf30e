/**
 * A person's initials for the monogram that stands in for their photo (the site's Portrait.astro,
 * the back-office's board cards): the first letter of their first and last names, in capitals. "Máire Ní Bhriain" is "MB",
 * "Seán O'Brien" "SO", "Aoife Ryan-Walsh" "AR", and one name alone its one letter.
 */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!;
  const last = words.length > 1 ? words[words.length - 1]! : '';
  return [first, last]
    .map((word) => Array.from(word.replace(/^[^\p{L}]+/u, ''))[0] ?? '')
    .join('')
    .toLocaleUpperCase('en-IE');
}
