import { address, contactFields, declarationStep } from './common.ts';
import { joined, opts, text, THIS_YEAR_OR_NEXT, type LeadFormDef } from './form-definition.ts';

/**
 * /truck-insurance-quotes: a goods vehicle over 3.5 tonnes. The truck comes first, as a haulier
 * expects to be asked about the vehicle before their contact details (the specification leaves
 * the fields and their order open); the operator and how to reach them follow.
 */
export const truckForm: LeadFormDef = {
  kind: 'truck',
  title: 'Truck insurance quote',
  summary: (a) => ({ name: text(a, 'name'), email: text(a, 'email'), phone: text(a, 'phone'), registration: text(a, 'registration') }),
  keyFacts: [
    { label: 'Truck', value: (a) => joined(a('makeModel'), a('year'), a('grossWeight')) },
    { label: 'Truck value', value: (a) => a('value') },
    { label: 'Use', value: (a) => joined(a('use'), a('adr') === 'Yes' ? 'dangerous goods (ADR)' : '') },
    { label: 'Cover', value: (a) => a('cover') },
    { label: 'Cover starts', value: (a) => a('startDate') },
    {
      label: 'Driver',
      value: (a) =>
        joined(a('licenceCategory') && `${a('licenceCategory')} licence`, a('licenceYears'), a('driverAge') && `aged ${a('driverAge').replace(' years', '')}`),
    },
    { label: 'Penalty points', value: (a) => a('penaltyPoints') },
    { label: 'Claim-free years', value: (a) => a('claimFreeYears') },
    { label: 'Best time to call', value: (a) => a('callbackTime') },
  ],
  steps: [
    {
      id: 'vehicle',
      title: 'The truck',
      fields: [
        { kind: 'registration', name: 'registration', label: 'Registration' },
        { kind: 'text', name: 'makeModel', label: 'Make and model', maxLength: 80, half: 'short' },
        { kind: 'year', name: 'year', label: 'Year of manufacture', min: 1970, max: new Date().getFullYear() + 1, half: 'short' },
        { kind: 'number', name: 'grossWeight', label: 'Design gross vehicle weight', min: 3.5, max: 60, unit: 'tonnes', half: 'long' },
        { kind: 'number', name: 'axles', label: 'Axles', min: 2, max: 10, half: 'long' },
        {
          kind: 'select',
          name: 'bodyType',
          label: 'Body type',
          options: opts('Box', 'Curtainsider', 'Flatbed', 'Tipper', 'Refrigerated', 'Tanker', 'Tractor unit', 'Skip loader', 'Car transporter', 'Other'),
        },
        { kind: 'yesno', name: 'trailers', label: 'Do you tow trailers?', staffLabel: 'Tows trailers' },
        {
          kind: 'money',
          name: 'trailersValue',
          label: 'Total value of the trailers (€)',
          min: 0,
          max: 5_000_000,
          showIf: { field: 'trailers', equals: 'Yes' },
        },
        { kind: 'money', name: 'value', label: 'Value of the truck (€)', min: 500, max: 2_000_000 },
      ],
    },
    {
      id: 'operator',
      title: 'You and your licence',
      staffTitle: 'Operator and licence',
      fields: [
        { kind: 'text', name: 'name', label: 'Your name or business name', autoComplete: 'name' },
        ...contactFields,
        ...address(),
        {
          kind: 'radio',
          name: 'operatorLicenceType',
          label: 'Road transport operator licence',
          section: 'Operator licence',
          options: opts('National', 'International', 'None (own goods only)'),
        },
        {
          kind: 'text',
          name: 'operatorLicenceNumber',
          label: 'Operator licence number',
          maxLength: 30,
          showIf: { field: 'operatorLicenceType', oneOf: ['National', 'International'] },
        },
      ],
    },
    {
      id: 'use',
      title: 'Use',
      fields: [
        { kind: 'radio', name: 'use', label: 'Use', options: opts('Carriage of own goods', 'Hire and reward') },
        { kind: 'text', name: 'goods', label: 'Goods carried', hint: 'For example: building materials, livestock, parcels.' },
        { kind: 'yesno', name: 'adr', label: 'Do you carry dangerous goods under ADR?', staffLabel: 'Dangerous goods (ADR)' },
        {
          kind: 'checklist',
          name: 'area',
          label: 'Where the truck goes',
          options: opts('Republic of Ireland', 'Northern Ireland and Great Britain', 'Elsewhere in the EU'),
        },
        { kind: 'number', name: 'annualKm', label: 'Kilometres a year', min: 0, max: 500_000, unit: 'km' },
      ],
    },
    {
      id: 'driver',
      title: 'The main driver',
      fields: [
        { kind: 'radio', name: 'licenceCategory', label: 'Licence category', options: opts('C1', 'C', 'CE') },
        { kind: 'number', name: 'licenceYears', label: 'Years the licence has been held', min: 0, max: 60, unit: 'years' },
        { kind: 'yesno', name: 'driverCpc', label: 'Does the driver hold a current Driver CPC card?', staffLabel: 'Driver CPC card' },
        { kind: 'number', name: 'driverAge', label: 'Driver’s age', min: 18, max: 90, unit: 'years' },
        { kind: 'number', name: 'penaltyPoints', label: 'Penalty points now', min: 0, max: 12 },
        {
          kind: 'textarea',
          name: 'claimsConvictions',
          label: 'Claims and convictions in the last 5 years',
          required: false,
          hint: 'Dates and a line on each; leave empty if none.',
        },
      ],
    },
    {
      id: 'cover',
      title: 'Cover',
      fields: [
        { kind: 'number', name: 'claimFreeYears', label: 'Claim-free years', min: 0, max: 30, unit: 'years' },
        { kind: 'radio', name: 'cover', label: 'Level of cover', options: opts('Comprehensive', 'Third party, fire and theft', 'Third party only') },
        {
          kind: 'select',
          name: 'gitLimit',
          label: 'Goods-in-transit limit',
          options: opts('Not needed', '€10,000', '€25,000', '€50,000', '€100,000', 'More than €100,000'),
        },
        { kind: 'date', name: 'startDate', label: 'When should cover start?', staffLabel: 'Cover start date', forbid: 'past', years: THIS_YEAR_OR_NEXT },
      ],
    },
    declarationStep,
  ],
};
