/** Keys that turn what has been typed into a tag. */
export const TAG_KEYS = [',', 'Tab', 'Enter'] as const;

/** Adds a typed entry to a list of tags: trimmed, ignored when empty or already there (whatever its case). */
export function addTag(tags: readonly string[], entry: string): string[] {
  const tag = entry.trim().replace(/,+$/, '').trim();
  if (!tag || tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}
