/**
 * The names the contact page's drawn map labels, read from the configured office address
 * (OFFICE_ADDRESS, "Unit 4, Raheen Business Park, Limerick, V94 K2D3"): the town is the last
 * part before the Eircode (or a county), the place the part before the town. Nothing is
 * looked up: the drawing is a stylised sketch, so it only names what the address says.
 */
const EIRCODE = /^[AC-FHKNPRTV-Y]\d{2}\s?[0-9AC-FHKNPRTV-Y]{4}$/i;
const COUNTY = /^(co\.?|county)\s/i;

export type OfficePlace = { town: string; place: string };

/** The town and place of an address; null when the address is empty. */
export function officePlace(address: string): OfficePlace | null {
  const parts = address
    .split(/,|\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .filter((part) => !EIRCODE.test(part) && !COUNTY.test(part));
  if (parts.length === 0) return null;
  const town = parts[parts.length - 1] ?? '';
  // A street or park before the town names the pin; with the town alone, the pin carries the town.
  const place = parts.length > 1 ? (parts[parts.length - 2] ?? town) : town;
  return { town, place };
}
