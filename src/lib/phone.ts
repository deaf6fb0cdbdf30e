/** A phone number as a tel: link target (digits and a leading plus only). Safe in the browser. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
