import { faqList, faqsByQuestion } from './faqs.ts';
import { heroPicture, keyFacts, markdown, page, section, text } from '../define.ts';
import { whoItIsFor } from '../product-modules.ts';

export const nonStandardVehicles = page(
  '/non-standard-commercial-vehicle-insurance',
  'Non-standard vehicles',
  section(
    'Intro',
    text('Eyebrow', 'Specialist vehicles'),
    text('Heading', 'Non-standard commercial vehicle insurance'),
    text('Lead', 'Some vans and trucks do not fit a standard policy. We look for insurers that will cover them.'),
    heroPicture(),
  ),
  section(
    'Key facts',
    text('Heading', 'At a glance'),
    keyFacts('Facts', [
      { icon: 'wrench', text: 'Imported, modified, high-value and specially bodied vehicles, and unusual uses.' },
      { icon: 'search', text: 'A refusal from one insurer does not mean no insurer will cover you.' },
      { icon: 'camera', text: 'Specialist insurers ask more questions, so photos and paperwork help.' },
      { icon: 'phone-call', text: 'These cases need a conversation, so ask us to call you back.' },
    ]),
  ),
  whoItIsFor('Who it is for', [
    { icon: 'ship', title: 'Imported vehicles', text: 'Japanese and UK imports, and models never sold new in Ireland, that standard insurers decline.' },
    { icon: 'wrench', title: 'Modified vehicles', text: 'Remaps, suspension and wheel changes, body kits, crew-cab conversions and converted interiors.' },
    {
      icon: 'badge-euro',
      title: 'High-value vehicles',
      text: 'New, heavily equipped or rare vehicles, where agreed-value cover may suit better than market value.',
    },
    { icon: 'truck', title: 'Specialist bodies and uses', text: 'Tippers, fridge units, recovery trucks, horseboxes, catering vans and other unusual uses.' },
  ]),
  section(
    'Body',
    markdown(
      'Text',
      `## Why standard insurers say no

Most insurers price vans and trucks from large pools of similar vehicles. When a vehicle or its use falls outside what their pricing expects, their systems often decline it automatically, even though the risk may be perfectly reasonable. Common reasons are:

- No reliable data on the model, because it was never sold new in Ireland.
- Parts that are hard to find, making repairs slow and expensive.
- A value well above the usual for the type, or one that is hard to establish.
- Modifications or bodywork that change how the vehicle performs or what a repair costs.
- A use the standard wording excludes.

## Vehicles we are often asked about

### Imported vans and trucks

Japanese imports, vehicles brought in from the United Kingdom and models sold new only outside Ireland are often declined by standard insurers. Before an imported vehicle can be used here long term, it needs Irish registration: an appointment at an NCTS centre within seven days of arrival, and registration with vehicle registration tax paid within 30 days. Depending on its age and category, it also needs a current NCT or CVRT certificate. Some insurers will cover a vehicle on its chassis number while registration is completed; tell us where you are in the process.

### Modified vehicles

Engine remaps, lowered or lifted suspension, non-standard wheels, body kits, extra seating, crew-cab conversions and converted interiors all count as modifications. Workday additions such as racking, roof racks and tow bars are accepted by most insurers, but performance and appearance changes narrow the field. Keep invoices for the work and tell us about every change.

### High-value vehicles

Motor policies normally pay the market value of a vehicle at the time of a loss. For new or heavily equipped vehicles and rare models, that figure can be hard to agree after the event. Some specialist insurers offer agreed-value cover, based on a valuation or invoices, so that both sides know the amount in advance.

### Specialist bodies

- **Tippers and grab lorries**: the tipping and loading gear, and liability while it is working on site.
- **Refrigerated vans and trucks**: the refrigeration unit, and spoilage of the load if it breaks down.
- **Recovery trucks**: cover for the vehicles you carry or tow, which a standard goods policy will not include.
- **Horseboxes**: whether used privately or in an equine business. Heavier boxes need a C1 or C licence, and the horses themselves need separate cover.
- **Campervan conversions**: a van converted for sleeping and cooking. If its use has become mainly private, a motorhome policy may suit it better than commercial cover.
- **Mobile catering and shop vehicles**: gas appliances, generators and serving the public from the vehicle.

### Unusual uses

Vehicles used on airports or ports, on farms and private sites, for film and event work, for exhibitions, or in ways that mix business and private use in unusual proportions can all fall outside standard wordings. Describe the use plainly and we will look for a wording that fits it.

## How we find cover

Alongside the mainstream market, we approach specialist insurers and underwriting agencies that write unusual motor risks in Ireland. Because an underwriter looks at these cases individually, the process is more personal than an online quote:

1. We talk to you about the vehicle, its use and the drivers.
2. We gather the supporting evidence: photographs, invoices, valuations, import and registration papers, or an engineer’s report for heavier modifications.
3. We present the case to the insurers most likely to accept it and explain their terms, including any conditions such as a tracker, secure overnight parking or a higher excess.
4. You choose, and we keep the details on file so that renewal is simpler.

## Tell the insurer everything it asks

Under the Consumer Insurance Contracts Act 2019 you must answer an insurer’s questions honestly and with reasonable care. A modification or use that was not disclosed when asked can lead to a claim being reduced or refused, and a deliberately false answer can leave you with no cover at all. Tell us about changes during the year too, before you make them if you can.`,
    ),
    markdown(
      'More',
      `## What to have ready

- The vehicle’s registration, or its chassis number and import papers.
- Make, model, year, body type, weight and value, with invoices or a valuation if it is high.
- A list of modifications, with photographs.
- How and where the vehicle is used, and where it is kept overnight, with the Eircode.
- Each driver’s licence details, penalty points and claims.`,
    ),
  ),
  section(
    'FAQs',
    text('Heading', 'Questions we are often asked'),
    faqList('Questions', faqsByQuestion('Can you insure an imported or modified van?', 'What do the classes of business use mean?')),
    markdown('More', 'More answers on our [frequently asked questions](/faqs) page.'),
  ),
  section(
    'Callback',
    text('Heading', 'Request a callback'),
    text('Text', 'Leave your name, email and phone number, choose a subject and tell us a little about your vehicle, and a broker will call you back.'),
  ),
);
