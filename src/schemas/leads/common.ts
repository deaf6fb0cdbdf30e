import { COUNTIES } from './counties.ts';
import { opts, type FieldDef, type StepDef } from './form-definition.ts';

/** Fields and steps every quote form shares. */

/** An address under its own small heading (`section`), town and county side by side where the row holds both. */
export const address = (prefix = '', section = 'Address'): FieldDef[] => [
  { kind: 'text', name: `${prefix}addressLine1`, label: 'Address line 1', autoComplete: 'address-line1', section },
  { kind: 'text', name: `${prefix}addressLine2`, label: 'Address line 2', required: false, autoComplete: 'address-line2' },
  { kind: 'text', name: `${prefix}town`, label: 'Town or city', autoComplete: 'address-level2', half: 'long' },
  { kind: 'select', name: `${prefix}county`, label: 'County', options: opts(...COUNTIES), half: 'long' },
  { kind: 'eircode', name: `${prefix}eircode`, label: 'Eircode', autoComplete: 'postal-code', hint: 'Seven characters, such as V94 K2D3.' },
];

export const contactFields: FieldDef[] = [
  { kind: 'email', name: 'email', label: 'Email', autoComplete: 'email', half: 'long', section: 'Contact details' },
  { kind: 'tel', name: 'phone', label: 'Phone', autoComplete: 'tel', half: 'long' },
];

/** The business and who to talk to there (fleet and liability forms). */
export const businessContactFields: FieldDef[] = [
  { kind: 'text', name: 'businessName', label: 'Business name', autoComplete: 'organization', half: 'long' },
  { kind: 'text', name: 'contactName', label: 'Contact name', autoComplete: 'name', half: 'long' },
  // No heading of their own here: the step's title (The business) opens them, and its first questions stay on a phone's first screen.
  ...contactFields.map(({ section: _, ...field }) => field as FieldDef),
];

export const CALLBACK_TIMES = opts('Any time', 'Morning (9:00 to 12:00)', 'Lunchtime (12:00 to 14:00)', 'Afternoon (14:00 to 17:30)');

/** Declaration, acknowledgements, consent and callback time: the last step of every quote form. */
export const declarationStep: StepDef = {
  id: 'declaration',
  title: 'Declaration',
  intro:
    'Insurers rely on your answers. Under the Consumer Insurance Contracts Act 2019 you must answer every question honestly and with reasonable care; a careless or untrue answer can reduce or void a claim.',
  fields: [
    { kind: 'select', name: 'callbackTime', label: 'Best time to call you', options: CALLBACK_TIMES },
    {
      kind: 'consent',
      name: 'declaration',
      label: 'I confirm that my answers are honest and given with reasonable care, and I will tell you of any change before cover starts.',
    },
    { kind: 'consent', name: 'termsAccepted', label: 'I have read the Terms of Business and the privacy statement.' },
    { kind: 'consent', name: 'marketingConsent', label: 'Send me occasional news and renewal reminders by email (optional).', required: false },
  ],
};
