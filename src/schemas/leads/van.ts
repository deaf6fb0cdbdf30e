import { address, contactFields, declarationStep } from './common.ts';
import { joined, opts, text, LAST_FIVE_YEARS, THIS_YEAR_OR_NEXT, type LeadFormDef } from './form-definition.ts';

export const LICENCE_TYPES = opts('Full Irish licence', 'Irish learner permit', 'EU/EEA licence', 'UK licence', 'Other licence');
const THIS_YEAR = new Date().getFullYear();

/** /van-insurance-quotes: a private or business van up to 3.5 tonnes. */
export const vanForm: LeadFormDef = {
  kind: 'van',
  title: 'Van insurance quote',
  summary: (a) => ({
    name: `${text(a, 'firstName')} ${text(a, 'lastName')}`.trim(),
    email: text(a, 'email'),
    phone: text(a, 'phone'),
    registration: text(a, 'registration'),
  }),
  keyFacts: [
    { label: 'Van', value: (a) => joined(`${a('make')} ${a('model')}`.trim(), a('year')) },
    { label: 'Van value', value: (a) => a('value') },
    { label: 'Cover', value: (a) => a('cover') },
    { label: 'Cover starts', value: (a) => a('startDate') },
    { label: 'Licence', value: (a) => joined(a('licenceType'), a('licenceYears')) },
    { label: 'Penalty points', value: (a) => a('penaltyPoints') },
    { label: 'No-claims discount', value: (a) => joined(a('ncdYears'), a('ncdProtection') === 'Yes' ? 'to be protected' : '') },
    { label: 'Claims', value: (a) => a('claims') || (a('hasClaims') === 'No' ? 'None' : '') },
    { label: 'Convictions', value: (a) => a('convictions') || (a('hasConvictions') === 'No' ? 'None' : '') },
    { label: 'Best time to call', value: (a) => a('callbackTime') },
  ],
  steps: [
    {
      id: 'proposer',
      title: 'About you',
      staffTitle: 'The driver',
      fields: [
        { kind: 'text', name: 'firstName', label: 'First name', autoComplete: 'given-name', half: 'short' },
        { kind: 'text', name: 'lastName', label: 'Last name', autoComplete: 'family-name', half: 'short' },
        { kind: 'dob', name: 'dateOfBirth', label: 'Date of birth', minimumAge: 17 },
        ...contactFields,
        ...address(),
        {
          kind: 'search',
          name: 'occupation',
          label: 'Occupation',
          source: 'occupations',
          hint: 'Start typing, then choose from the list.',
          section: 'Your work',
        },
        { kind: 'text', name: 'businessTrade', label: 'Business or trade the van is used for', hint: 'For example: plumbing, parcel delivery, landscaping.' },
      ],
    },
    {
      id: 'licence',
      title: 'Your licence',
      staffTitle: 'Licence',
      fields: [
        { kind: 'radio', name: 'licenceType', label: 'Licence held', options: LICENCE_TYPES },
        { kind: 'number', name: 'licenceYears', label: 'Years the licence has been held', min: 0, max: 80, unit: 'years' },
        { kind: 'number', name: 'penaltyPoints', label: 'Penalty points on your licence now', min: 0, max: 12 },
      ],
    },
    {
      id: 'history',
      title: 'The last 5 years',
      intro: 'Tell us about every claim and conviction in the last 5 years, whoever was at fault.',
      fields: [
        { kind: 'yesno', name: 'hasClaims', label: 'Any claims or accidents in the last 5 years?', staffLabel: 'Claims or accidents (5 years)' },
        {
          kind: 'group',
          name: 'claims',
          label: 'Claims',
          itemLabel: 'Claim',
          max: 6,
          showIf: { field: 'hasClaims', equals: 'Yes' },
          fields: [
            { kind: 'date', name: 'date', label: 'Date of the claim', forbid: 'future', years: LAST_FIVE_YEARS },
            { kind: 'select', name: 'type', label: 'Type of claim', options: opts('Accident', 'Theft', 'Fire', 'Windscreen', 'Vandalism', 'Other') },
            { kind: 'radio', name: 'fault', label: 'Who was at fault?', staffLabel: 'At fault', options: opts('Me or my driver', 'The other party', 'Shared') },
            { kind: 'money', name: 'cost', label: 'Cost of the claim (€)', min: 0, max: 10_000_000 },
          ],
        },
        { kind: 'yesno', name: 'hasConvictions', label: 'Any motoring convictions in the last 5 years?', staffLabel: 'Motoring convictions (5 years)' },
        {
          kind: 'group',
          name: 'convictions',
          label: 'Convictions',
          itemLabel: 'Conviction',
          max: 6,
          showIf: { field: 'hasConvictions', equals: 'Yes' },
          fields: [
            { kind: 'date', name: 'date', label: 'Date of the conviction', forbid: 'future', years: LAST_FIVE_YEARS },
            { kind: 'text', name: 'offence', label: 'Offence', hint: 'For example: speeding, drink driving, no insurance.' },
            { kind: 'number', name: 'points', label: 'Penalty points given', min: 0, max: 12 },
            { kind: 'text', name: 'penalty', label: 'Fine, ban or other penalty', required: false },
          ],
        },
        {
          kind: 'yesno',
          name: 'insuranceRefused',
          label: 'Has insurance ever been refused, cancelled or made subject to special terms?',
          staffLabel: 'Refused, cancelled or special terms',
        },
        {
          kind: 'textarea',
          name: 'refusedDetails',
          label: 'What happened, and when?',
          staffLabel: 'Refusal details',
          showIf: { field: 'insuranceRefused', equals: 'Yes' },
        },
      ],
    },
    {
      id: 'ncd',
      title: 'No-claims discount',
      fields: [
        { kind: 'number', name: 'ncdYears', label: 'Years of no-claims discount', min: 0, max: 30, unit: 'years' },
        {
          kind: 'yesno',
          name: 'ncdOwnName',
          label: 'Was it earned in your own name within the last 2 years?',
          staffLabel: 'No-claims discount in own name',
          showIf: { field: 'ncdYears', above: 0 },
        },
        { kind: 'yesno', name: 'ncdProtection', label: 'Would you like to protect your no-claims discount?', staffLabel: 'Protect no-claims discount' },
      ],
    },
    {
      id: 'vehicle',
      title: 'The van',
      fields: [
        { kind: 'registration', name: 'registration', label: 'Registration', hint: 'For example 231-D-12345.' },
        { kind: 'text', name: 'make', label: 'Make', maxLength: 40, half: 'short' },
        { kind: 'text', name: 'model', label: 'Model', maxLength: 60, half: 'short' },
        { kind: 'year', name: 'year', label: 'Year of manufacture', min: 1970, max: THIS_YEAR + 1 },
        { kind: 'select', name: 'grossWeight', label: 'Gross vehicle weight', options: opts('Up to 2 tonnes', '2 to 2.8 tonnes', '2.8 to 3.5 tonnes') },
        { kind: 'money', name: 'value', label: 'Value of the van (€)', min: 100, max: 500_000 },
        { kind: 'yesno', name: 'modified', label: 'Is the van modified from the maker’s specification?', staffLabel: 'Modified' },
        { kind: 'yesno', name: 'signwritten', label: 'Is the van signwritten?', staffLabel: 'Signwritten' },
        {
          kind: 'select',
          name: 'keptOvernight',
          label: 'Where is it kept overnight?',
          staffLabel: 'Kept overnight',
          options: opts('Locked garage', 'Private driveway', 'Secure yard or compound', 'On the street'),
        },
        { kind: 'search', name: 'area', label: 'Town where it is kept', source: 'areas', hint: 'Start typing the town, then choose from the list.' },
      ],
    },
    {
      id: 'use',
      title: 'Use and cover',
      fields: [
        {
          kind: 'radio',
          name: 'use',
          label: 'Use of the van',
          hint: 'Every option includes social, domestic and pleasure use.',
          options: opts('Carriage of own goods', 'Hire and reward', 'Courier or multi-drop delivery'),
        },
        { kind: 'number', name: 'annualKm', label: 'Kilometres a year', min: 0, max: 300_000, unit: 'km' },
        { kind: 'radio', name: 'cover', label: 'Level of cover', options: opts('Comprehensive', 'Third party, fire and theft', 'Third party only') },
        { kind: 'radio', name: 'drivers', label: 'Who will drive?', staffLabel: 'Drivers', options: opts('Only me', 'Me and named drivers') },
        {
          kind: 'group',
          name: 'namedDrivers',
          label: 'Named drivers',
          itemLabel: 'Driver',
          max: 5,
          showIf: { field: 'drivers', equals: 'Me and named drivers' },
          fields: [
            { kind: 'text', name: 'name', label: 'Full name' },
            { kind: 'dob', name: 'dateOfBirth', label: 'Date of birth', minimumAge: 17 },
            { kind: 'select', name: 'licenceType', label: 'Licence held', options: LICENCE_TYPES },
            { kind: 'number', name: 'licenceYears', label: 'Years held', min: 0, max: 80 },
          ],
        },
        { kind: 'date', name: 'startDate', label: 'When should cover start?', staffLabel: 'Cover start date', forbid: 'past', years: THIS_YEAR_OR_NEXT },
        {
          kind: 'checklist',
          name: 'extras',
          label: 'Extras you would like quoted',
          required: false,
          options: opts('Breakdown assistance', 'Replacement vehicle', 'Windscreen cover', 'Goods in transit', 'Legal expenses', 'Tools in the van'),
        },
      ],
    },
    declarationStep,
  ],
};

/** The convicted-driver and non-standard pages lead here with conviction details already asked for. */
export const VAN_CONVICTIONS_PRESET = { hasConvictions: 'Yes' } as const;
