import { faqList, faqsByQuestion } from './faqs.ts';
import { heroPicture, keyFacts, markdown, page, section, text } from '../define.ts';
import { howItWorks, whoItIsFor } from '../product-modules.ts';

export const truckInsurance = page(
  '/truck-insurance',
  'Truck insurance',
  section(
    'Intro',
    text('Eyebrow', 'Truck and HGV insurance'),
    text('Heading', 'Truck and HGV insurance in Ireland'),
    text('Lead', 'Cover for rigid trucks and articulated HGVs, from a single tipper to a haulage fleet.'),
    text('Quote button', 'Get a truck insurance quote'),
    heroPicture(),
  ),
  section(
    'Key facts',
    text('Heading', 'At a glance'),
    keyFacts('Facts', [
      { icon: 'truck', text: 'Cover for rigids, tractor units and trailers, on their own or as a fleet.' },
      { icon: 'route', text: 'Own-goods carriers and hire-and-reward hauliers are insured on different terms.' },
      { icon: 'id-card', text: 'Hauliers carrying for hire or reward need a road haulage operator licence.' },
      { icon: 'package', text: 'Goods in transit, CMR and dangerous goods cover can be arranged alongside.' },
    ]),
  ),
  whoItIsFor('Who it is for', [
    {
      icon: 'package',
      title: 'Own-account operators',
      text: 'Businesses carrying their own goods in rigids or artics, from builders’ merchants to food distributors.',
    },
    { icon: 'route', title: 'Licensed hauliers', text: 'Hire-and-reward hauliers holding a road haulage operator licence, in Ireland and abroad.' },
    { icon: 'construction', title: 'Tippers and plant', text: 'Tipper, grab and low-loader trucks working on construction and quarry sites.' },
    { icon: 'snowflake', title: 'Specialist loads', text: 'Refrigerated, livestock and other specialist bodies that need an insurer who knows them.' },
  ]),
  howItWorks('How it works', [
    {
      title: 'Tell us about your trucks and work',
      text: 'Use the truck quote form or call us: the vehicles, their weights and bodies, your drivers, what you carry and where.',
    },
    {
      title: 'We approach specialist insurers',
      text: 'Not every insurer covers haulage. We go to those that do, and add goods in transit or CMR cover where your contracts need it.',
    },
    {
      title: 'You choose, we stay with you',
      text: 'We arrange the cover you pick and stay with you for new vehicles, claims and the review before every renewal.',
    },
  ]),
  section(
    'Body',
    markdown(
      'Text',
      `## Rigid trucks, artics and trailers

### Rigid trucks

We insure rigid trucks of every common body type: tippers, curtainsiders, box vans, flatbeds, dropsides, refrigerated bodies, skip loaders and trucks with lorry-mounted cranes. Tell us about any crane, tail-lift or tipping gear, because using it on a site or a customer’s premises raises liability questions a standard motor policy may not answer. Where the motor policy stops, your [public liability insurance](/public-liability-insurance) needs to pick up.

### Tractor units and trailers

For articulated vehicles, the tractor unit and the trailers are insured separately. A trailer is covered for third party liability while it is coupled to an insured unit, but damage to the trailer itself, and liability when it is parked and uncoupled, need cover of their own. If you swap trailers with other hauliers or pull trailers owned by a customer, ask about trailer interchange cover.

## Own goods or hire and reward

### Own-account operators

If you only carry goods that belong to your own business, or deliver goods your customers have bought from you, you need cover for carriage of own goods. Builders’ providers, farmers, quarries, manufacturers and wholesalers often run their own trucks on this basis.

### Hire-and-reward hauliers

If you are paid to carry other people’s goods, that is hire-and-reward haulage. It is insured at a different rate, and using a truck for it on an own-goods policy can leave you without the cover you think you have.

Carrying goods for hire or reward in a vehicle, or vehicle and trailer combination, with a maximum authorised weight over 3.5 tonnes generally requires a road haulage operator licence, issued by the Department of Transport through its Road Transport Operator Licensing Unit. There are two kinds:

- **National**: for haulage within the State only.
- **International**: for journeys outside the State as well, issued together with an EU Community licence.

A licence requires, among other things, a nominated transport manager holding a Certificate of Professional Competence in road transport management. Insurers will ask for your licence number and the number of vehicles it authorises.

## Drivers

### Licence categories

- **C1**: rigid trucks over 3,500 kg and up to 7,500 kg.
- **C1E**: a C1 truck towing a trailer over 750 kg, within a combined weight limit.
- **C**: rigid trucks over 3,500 kg.
- **CE**: articulated vehicles, and rigid trucks towing a trailer over 750 kg.

Insurers ask for each driver’s age, how long they have held the relevant category, and their penalty points and claims. Many set a minimum age or experience for heavy goods drivers.

### Driver CPC

Professional drivers in categories C1, C1E, C and CE also need the Driver Certificate of Professional Competence. It is kept valid by completing 35 hours of periodic training in every five-year cycle, delivered in Ireland as seven-hour modules, and it is shown on the driver’s qualification card. Driving professionally without a valid Driver CPC is an offence, and an operator who allows it can be prosecuted too.

### Drivers’ hours and tachographs

Most goods vehicles over 3.5 tonnes must have a tachograph and be driven within the EU drivers’ hours rules, subject to some exemptions. The Road Safety Authority and the Gardaí enforce them at the roadside and at operators’ premises. Insurers may ask how you manage compliance.

## Goods in transit and CMR

The truck policy covers the vehicle and your liability to others on the road, not the load. Goods in transit insurance covers loss of or damage to goods while they are loaded, carried and unloaded.

- **Own goods**: covers your own stock or materials for their value.
- **Hire and reward**: covers your liability for customers’ goods under your conditions of carriage, which should set out what you accept responsibility for.
- **CMR**: on international hire-and-reward journeys, the CMR Convention sets the carrier’s liability, limited by weight at 8.33 Special Drawing Rights per kilogram unless a higher value is declared. CMR liability cover is designed for this.

Insurers ask what you carry, its highest value on any one vehicle, and how loads are secured when a truck is parked overnight. High-theft loads such as alcohol, tobacco, electronics and metals often carry security conditions.

## Dangerous goods (ADR)

Carrying dangerous goods such as fuels, gases, chemicals or some waste falls under the ADR rules, enforced in Ireland by the Health and Safety Authority. Drivers need an ADR training certificate for most loads, vehicles need the right equipment and markings, and businesses involved usually need a dangerous goods safety adviser. Not every insurer covers ADR work, so tell us the classes of goods and quantities you carry.

## What to have ready for a quote

- Each vehicle’s registration, type, body, gross vehicle weight and value, and any trailers.
- Whether you carry own goods or for hire and reward, and your operator licence number if you have one.
- What you carry, where you operate, and any international or ADR work.
- Driver details: ages, licence categories, Driver CPC, penalty points and claims.
- Three to five years of claims experience, and your current renewal date.`,
    ),
  ),
  section(
    'FAQs',
    text('Heading', 'Questions we are often asked'),
    faqList(
      'Questions',
      faqsByQuestion(
        'What insurance does a truck or HGV need?',
        'What do the classes of business use mean?',
        'Can a driver with a licence from another country be covered?',
      ),
    ),
    markdown('More', 'More answers on our [frequently asked questions](/faqs) page.'),
  ),
  section(
    'Call to action',
    text('Heading', 'Get a truck insurance quote'),
    markdown(
      'Text',
      `Tell us about your operator licence, vehicles, drivers and the goods you carry, and a broker will come back to you with prices. For specialist bodies or unusual work, call us first.`,
    ),
    text('Button', 'Get a truck insurance quote'),
  ),
);
