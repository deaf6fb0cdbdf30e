import { CALLBACK_TIMES, contactFields } from './common.ts';
import { joined, opts, text, THIS_YEAR_OR_NEXT, type LeadFormDef } from './form-definition.ts';

export const RENEWAL_CHANGES = opts(
  'Change of address',
  'Change of vehicle',
  'New or changed drivers',
  'New claims or accidents',
  'New penalty points or convictions',
  'Change of use or business',
  'Modifications to the vehicle',
);

/** /policy-renewal: a customer renewing a policy we arrange. */
export const renewalForm: LeadFormDef = {
  kind: 'renewal',
  title: 'Policy renewal',
  summary: (a) => ({ name: text(a, 'name'), email: text(a, 'email'), phone: text(a, 'phone'), registration: text(a, 'registration') }),
  keyFacts: [
    { label: 'Policy', value: (a) => joined(a('policyType'), a('policyNumber')) },
    { label: 'Renewal date', value: (a) => a('renewalDate') },
    { label: 'Current premium', value: (a) => a('currentPremium') },
    { label: 'Changes', value: (a) => a('changes') || 'None' },
    { label: 'Payment', value: (a) => a('payment') },
    { label: 'Best time to call', value: (a) => a('callbackTime') },
  ],
  steps: [
    {
      id: 'policy',
      title: 'Your policy',
      staffTitle: 'The policy',
      fields: [
        { kind: 'text', name: 'policyNumber', label: 'Policy number', maxLength: 40, half: 'long' },
        { kind: 'select', name: 'policyType', label: 'Policy type', options: opts('Van', 'Fleet', 'Truck', 'Public liability', 'Other'), half: 'long' },
        { kind: 'text', name: 'name', label: 'Name or business name', autoComplete: 'name' },
        ...contactFields,
        {
          kind: 'radio',
          name: 'identifyBy',
          label: 'To find your policy, we will check',
          staffLabel: 'Identity checked by',
          // Its box appears only once one is chosen: the hint says so, so the question does not look unfinished.
          hint: 'Choose one, and a box for it appears below.',
          options: opts('Date of birth', 'Vehicle registration'),
        },
        { kind: 'dob', name: 'dateOfBirth', label: 'Date of birth', minimumAge: 17, showIf: { field: 'identifyBy', equals: 'Date of birth' } },
        { kind: 'registration', name: 'registration', label: 'Vehicle registration', showIf: { field: 'identifyBy', equals: 'Vehicle registration' } },
        { kind: 'date', name: 'renewalDate', label: 'Renewal date', years: THIS_YEAR_OR_NEXT },
        { kind: 'money', name: 'currentPremium', label: 'Current premium in euro', staffLabel: 'Current premium', required: false, min: 0, max: 10_000_000 },
      ],
    },
    {
      id: 'changes',
      title: 'Changes since last year',
      fields: [
        {
          kind: 'checklist',
          name: 'changes',
          label: 'What has changed?',
          staffLabel: 'Changes',
          required: false,
          hint: 'Leave all unticked if nothing has changed.',
          options: RENEWAL_CHANGES,
        },
        { kind: 'textarea', name: 'changeDetails', label: 'Tell us about each change', showIf: { field: 'changes' } },
      ],
    },
    {
      id: 'payment',
      title: 'Payment and contact',
      fields: [
        {
          kind: 'radio',
          name: 'payment',
          label: 'How would you like to pay?',
          staffLabel: 'Payment',
          options: opts('Annually, in one payment', 'Monthly, through premium finance'),
        },
        { kind: 'select', name: 'callbackTime', label: 'Best time to call you', options: CALLBACK_TIMES },
        { kind: 'consent', name: 'declaration', label: 'I confirm that my answers are honest and given with reasonable care.' },
        { kind: 'consent', name: 'termsAccepted', label: 'I have read the Terms of Business and the privacy statement.' },
      ],
    },
  ],
};
