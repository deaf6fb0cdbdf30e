import { address, businessContactFields, declarationStep } from './common.ts';
import { counted, joined, opts, text, THIS_YEAR_OR_NEXT, type LeadFormDef } from './form-definition.ts';

/** /fleet-insurance-quotes: several vehicles under one business policy. */
export const fleetForm: LeadFormDef = {
  kind: 'fleet',
  title: 'Fleet insurance quote',
  summary: (a) => ({ name: text(a, 'businessName'), email: text(a, 'email'), phone: text(a, 'phone'), registration: '' }),
  keyFacts: [
    { label: 'Business', value: (a) => joined(a('trade'), a('yearsTrading') && `trading ${a('yearsTrading')}`) },
    {
      label: 'Vehicles',
      value: (a) => joined(counted(a('cars'), 'cars'), counted(a('vans'), 'vans'), counted(a('trucks'), 'trucks'), counted(a('otherVehicles'), 'other')),
    },
    { label: 'Youngest driver', value: (a) => a('youngestDriverAge') },
    { label: 'Claims history', value: (a) => (a('claimsYears') === 'None' ? 'None given' : `${a('claimsYears')} given`) },
    { label: 'Current insurer', value: (a) => a('currentInsurer') },
    { label: 'Renewal date', value: (a) => a('renewalDate') },
    { label: 'Current premium', value: (a) => a('currentPremium') },
    { label: 'Best time to call', value: (a) => a('callbackTime') },
  ],
  steps: [
    {
      id: 'business',
      title: 'The business',
      fields: [
        ...businessContactFields,
        {
          kind: 'search',
          name: 'trade',
          label: 'Trade',
          source: 'occupations',
          allowNew: true,
          section: 'Trading',
          hint: 'Start typing, then choose from the list or keep your own words.',
        },
        {
          kind: 'select',
          name: 'legalForm',
          label: 'Legal form',
          options: opts('Sole trader', 'Partnership', 'Limited company', 'Designated activity company', 'Public body or charity'),
          half: 'long',
        },
        { kind: 'number', name: 'yearsTrading', label: 'Years trading', min: 0, max: 200, unit: 'years', half: 'long' },
        ...address(),
      ],
    },
    {
      id: 'makeup',
      title: 'The fleet',
      intro: 'How many of each kind of vehicle will the policy cover?',
      fields: [
        { kind: 'number', name: 'cars', label: 'Cars', min: 0, max: 1000 },
        { kind: 'number', name: 'vans', label: 'Vans up to 3.5 tonnes', min: 0, max: 1000 },
        { kind: 'number', name: 'trucks', label: 'Trucks over 3.5 tonnes', min: 0, max: 1000 },
        { kind: 'number', name: 'otherVehicles', label: 'Other vehicles (minibuses, plant, tractors)', min: 0, max: 1000 },
        {
          kind: 'radio',
          name: 'fleetList',
          label: 'How would you like to give us the vehicle details?',
          staffLabel: 'Vehicle details given as',
          options: opts('Upload a fleet schedule', 'List the vehicles here'),
        },
        {
          kind: 'files',
          name: 'schedule',
          label: 'Fleet schedule',
          maxFiles: 3,
          hint: 'A spreadsheet or PDF listing registration, make, model, year and value of each vehicle.',
          showIf: { field: 'fleetList', equals: 'Upload a fleet schedule' },
        },
        {
          kind: 'group',
          name: 'vehicles',
          label: 'Vehicles',
          itemLabel: 'Vehicle',
          max: 30,
          showIf: { field: 'fleetList', equals: 'List the vehicles here' },
          fields: [
            { kind: 'registration', name: 'registration', label: 'Registration' },
            { kind: 'text', name: 'makeModel', label: 'Make and model', maxLength: 80 },
            { kind: 'year', name: 'year', label: 'Year', min: 1970, max: new Date().getFullYear() + 1 },
            { kind: 'money', name: 'value', label: 'Value (€)', min: 0, max: 2_000_000 },
          ],
        },
      ],
    },
    {
      id: 'drivers',
      title: 'Drivers and use',
      fields: [
        {
          kind: 'radio',
          name: 'driverCover',
          label: 'Who may drive?',
          staffLabel: 'Drivers',
          options: opts('Any driver aged 21 or over', 'Any driver aged 25 or over', 'Any driver aged 30 or over', 'Named drivers only'),
        },
        { kind: 'number', name: 'youngestDriverAge', label: 'Age of the youngest driver', min: 17, max: 99, unit: 'years' },
        {
          kind: 'checklist',
          name: 'areaOfUse',
          label: 'Where the vehicles go',
          options: opts('Republic of Ireland', 'Northern Ireland and Great Britain', 'Elsewhere in the EU'),
        },
        {
          kind: 'text',
          name: 'operatorLicence',
          label: 'Road transport operator licence number',
          required: false,
          hint: 'Only if your fleet includes trucks or hire-and-reward vehicles.',
          maxLength: 30,
        },
      ],
    },
    {
      id: 'claims',
      title: 'Claims experience',
      intro: 'Your fleet’s claims for up to the last 5 years. Leave this empty if the fleet is new.',
      fields: [
        {
          kind: 'group',
          name: 'claimsYears',
          label: 'Claims by policy year',
          itemLabel: 'Year',
          required: false,
          max: 5,
          fields: [
            { kind: 'year', name: 'year', label: 'Policy year', min: 2000, max: new Date().getFullYear() },
            { kind: 'number', name: 'vehicles', label: 'Vehicles insured', min: 0, max: 10_000 },
            { kind: 'number', name: 'claims', label: 'Number of claims', min: 0, max: 10_000 },
            { kind: 'money', name: 'paid', label: 'Amount paid (€)', min: 0, max: 100_000_000 },
            { kind: 'money', name: 'outstanding', label: 'Amount outstanding (€)', min: 0, max: 100_000_000 },
          ],
        },
      ],
    },
    {
      id: 'current',
      title: 'Current cover',
      fields: [
        { kind: 'text', name: 'currentInsurer', label: 'Current insurer', required: false, maxLength: 80 },
        { kind: 'date', name: 'renewalDate', label: 'Renewal date', forbid: 'past', years: THIS_YEAR_OR_NEXT },
        { kind: 'money', name: 'currentPremium', label: 'Current premium in euro', staffLabel: 'Current premium', required: false, min: 0, max: 10_000_000 },
        {
          kind: 'checklist',
          name: 'extras',
          label: 'Extra covers you would like quoted',
          required: false,
          options: opts(
            'Goods in transit',
            'Breakdown assistance',
            'Replacement vehicles',
            'Windscreen cover',
            'Legal expenses',
            'Employers’ liability',
            'Public liability',
          ),
        },
      ],
    },
    declarationStep,
  ],
};
