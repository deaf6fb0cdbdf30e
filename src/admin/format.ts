/** Dates in the locale's date-and-time form (spec: contacts list). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString();
}
