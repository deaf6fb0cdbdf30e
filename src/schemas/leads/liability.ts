import { address, businessContactFields, declarationStep } from './common.ts';
import { counted, joined, opts, text, THIS_YEAR_OR_NEXT, type LeadFormDef } from './form-definition.ts';

/** /public-liability-insurance-quote: public, employers’ and products liability for a trade or business. */
export const liabilityForm: LeadFormDef = {
  kind: 'liability',
  title: 'Public liability insurance quote',
  summary: (a) => ({ name: text(a, 'businessName'), email: text(a, 'email'), phone: text(a, 'phone'), registration: '' }),
  keyFacts: [
    { label: 'Trade', value: (a) => joined(a('trade'), a('yearsTrading') && `trading ${a('yearsTrading')}`) },
    { label: 'Turnover', value: (a) => a('turnover') },
    { label: 'Staff', value: (a) => joined(counted(a('manualEmployees'), 'manual'), counted(a('clericalEmployees'), 'clerical')) },
    { label: 'Public liability limit', value: (a) => a('otherLimit') || a('publicLimit') },
    {
      label: 'Employers’ liability',
      value: (a) => (a('employersLiability') === 'Yes' ? joined('Wanted', a('wageRoll') && `wage roll ${a('wageRoll')}`) : a('employersLiability')),
    },
    { label: 'Cover starts', value: (a) => a('startDate') },
    { label: 'Claims in 5 years', value: (a) => a('hadClaims') },
    { label: 'Best time to call', value: (a) => a('callbackTime') },
  ],
  steps: [
    {
      id: 'business',
      title: 'The business',
      fields: [
        ...businessContactFields,
        { kind: 'search', name: 'trade', label: 'Trade', source: 'occupations', hint: 'Start typing, then choose from the list.', section: 'Your work' },
        {
          kind: 'textarea',
          name: 'activities',
          label: 'What work do you do?',
          staffLabel: 'Work done',
          hint: 'All activities, including any you do only now and then.',
        },
        { kind: 'number', name: 'yearsTrading', label: 'Years trading', min: 0, max: 200, unit: 'years' },
      ],
    },
    {
      id: 'premises',
      title: 'Premises and work',
      fields: [
        ...address('premises', 'Premises address'),
        { kind: 'number', name: 'awayShare', label: 'Share of work done away from your premises', min: 0, max: 100, unit: '%' },
        { kind: 'yesno', name: 'outsideIreland', label: 'Any work outside the Republic of Ireland?', staffLabel: 'Work outside Ireland' },
        { kind: 'money', name: 'turnover', label: 'Annual turnover (€)', min: 0, max: 1_000_000_000 },
      ],
    },
    {
      id: 'people',
      title: 'People',
      fields: [
        { kind: 'number', name: 'manualEmployees', label: 'Employees doing manual work', min: 0, max: 100_000 },
        { kind: 'number', name: 'clericalEmployees', label: 'Clerical and office employees', min: 0, max: 100_000 },
        { kind: 'number', name: 'labourOnly', label: 'Labour-only subcontractors', min: 0, max: 100_000 },
        { kind: 'money', name: 'subcontractorSpend', label: 'Yearly spend on bona fide subcontractors (€)', min: 0, max: 1_000_000_000 },
      ],
    },
    {
      id: 'limits',
      title: 'Cover and limits',
      fields: [
        { kind: 'radio', name: 'publicLimit', label: 'Public liability limit', options: opts('€2.6 million', '€6.5 million', 'Other') },
        { kind: 'money', name: 'otherLimit', label: 'Limit you need (€)', min: 100_000, max: 100_000_000, showIf: { field: 'publicLimit', equals: 'Other' } },
        { kind: 'yesno', name: 'employersLiability', label: 'Do you want employers’ liability cover?', staffLabel: 'Employers’ liability cover' },
        { kind: 'money', name: 'wageRoll', label: 'Annual wage roll (€)', min: 0, max: 1_000_000_000, showIf: { field: 'employersLiability', equals: 'Yes' } },
        { kind: 'yesno', name: 'productsLiability', label: 'Do you want products liability cover?', staffLabel: 'Products liability cover' },
      ],
    },
    {
      id: 'risk',
      title: 'Hazards and history',
      fields: [
        {
          kind: 'checklist',
          name: 'hazards',
          label: 'Does any work involve these?',
          staffLabel: 'Hazards',
          required: false,
          options: opts('Heights over 10 metres', 'Depths over 3 metres', 'Heat (welding, torches, hot work)', 'Demolition'),
        },
        { kind: 'yesno', name: 'hadClaims', label: 'Any liability claims in the last 5 years?', staffLabel: 'Liability claims (5 years)' },
        { kind: 'textarea', name: 'claimsDetails', label: 'Dates, what happened and amounts', showIf: { field: 'hadClaims', equals: 'Yes' } },
        { kind: 'yesno', name: 'refused', label: 'Has this kind of cover ever been refused or cancelled?', staffLabel: 'Cover refused or cancelled before' },
        { kind: 'yesno', name: 'forTender', label: 'Is the cover needed for a tender or contract?', staffLabel: 'For a tender or contract' },
        { kind: 'date', name: 'startDate', label: 'When should cover start?', staffLabel: 'Cover start date', forbid: 'past', years: THIS_YEAR_OR_NEXT },
      ],
    },
    declarationStep,
  ],
};
