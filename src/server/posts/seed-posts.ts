import { demoTeam } from '#src/site/content-seed/demo-content.ts';

/** The blog posts a fresh install starts with: real, useful reading for van and fleet owners in Ireland. */
export interface SeedPost {
  id: string;
  /** The demonstration team member who signs it (seed-bylines.ts): the one whose work it covers. */
  writer: string;
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  tags: string[];
  publishedAt: string;
  seoDescription: string;
}

export const seedPosts: readonly SeedPost[] = [
  {
    id: 'f1b0842b-e7c6-460c-b6f0-4e51af6d9269',
    title: 'How van insurance premiums are worked out in Ireland, and practical ways to lower yours',
    slug: 'how-van-insurance-premiums-are-worked-out-in-ireland',
    writer: demoTeam.vans,
    excerpt:
      'Why two insurers can quote very different prices for the same van, and the steps that genuinely help: building and protecting your no-claims discount, choosing drivers carefully, security, excess and declaring your work correctly.',
    tags: ['Vans', 'Costs', 'Renewals'],
    publishedAt: '2026-01-20T09:00:00.000Z',
    seoDescription:
      'What insurers look at when pricing van insurance in Ireland, and practical, honest ways to bring your premium down without leaving gaps in cover.',
    body: `## What goes into a van insurance premium

An insurer pricing van cover is estimating how likely you are to claim and what a claim might cost. Each insurer weighs the factors differently, which is why quotes for the same van can vary. The main ingredients are:

- **The van itself**: its value, make and model, size and gross vehicle weight, and the cost of parts and repairs.
- **The drivers**: age, how long each has held a full licence, any penalty points or motoring convictions, and their claims history.
- **How the van is used**: social and domestic only, carrying your own tools and goods, or carrying other people’s goods for payment.
- **Where it is kept**: the area you live and work in, and whether the van sits on the street, in a driveway or in a locked yard overnight.
- **Your claims record and no-claims discount**, often the single biggest factor.
- **The cover and excess** you choose.

## Build and protect your no-claims discount

Each claim-free year usually earns a bigger discount, up to a maximum set by the insurer. Keep proof of it: when you move insurer you will normally be asked for written confirmation of your no-claims history from the previous one. Not every insurer treats a discount earned on a private car the same way as one earned on a van, so ask before assuming it will carry across.

Many insurers offer **no-claims discount protection** for an extra charge once you have a few claim-free years. It typically allows one or two claims within a set period without losing the discount. Two points to understand:

- protection keeps the discount, not the price, so your premium can still rise after a claim;
- the claim stays on your record and must be disclosed whenever you are asked about claims.

For minor damage, weigh the repair cost against the effect on your discount before claiming, but still tell your insurer: most policies require you to report accidents even if you do not claim.

## Choose named drivers carefully

Restricting the policy to the people who genuinely drive the van is usually cheaper than open or any-driver cover. Adding an experienced driver with a clean record can help, but the main driver must be the person who actually drives the van most. Naming a parent or partner as main driver when someone else uses the van every day is known as **fronting**, and it can leave you without cover when you need it most.

## Security pays

Vans, and the tools inside them, attract thieves. Insurers often look favourably on:

- an approved alarm and immobiliser;
- a tracking device, particularly on newer or higher-value vans;
- extra deadlocks and protection for slam locks;
- parking off-road or in a secure yard overnight;
- not leaving tools in the van overnight, or using a fitted tool safe.

Tools are often excluded or limited under a motor policy, so check whether you need separate tools cover.

## Consider a voluntary excess

The excess is the part of a claim you pay yourself. Adding a voluntary excess on top of the compulsory one generally reduces the premium. Only choose an amount you could pay at short notice, because it applies to each claim.

## Declare the right business use

This is where many van owners go wrong. Cover for **carriage of own goods** suits tradespeople carrying their own tools and materials. If you carry other people’s goods for payment, as couriers, parcel and delivery drivers do, you need **hire and reward** cover, which is priced differently. Using the van for work the policy does not cover can lead to a claim being refused, so describe what you do accurately and tell your broker if it changes.

## Signwriting and modifications

Some insurers see signwriting as a plus, since a lettered van is easier to trace; others simply want to know about it. Either way, mention it.

Modifications are a different matter. Racking, roof racks, tow bars, tail-lifts, refrigeration units, conversions, engine remaps, lowered suspension and non-standard wheels can all change the risk or the value. Declare them when you take out cover, and tell your insurer before making changes mid-term. An undeclared modification is an easy cause of a dispute after a claim.

## Other practical steps

- Pay annually if you can; paying by instalments often costs more overall.
- Review your cover at every renewal rather than letting it roll over. Our [renewal page](/policy-renewal) explains what to check.

For a price based on your actual van, drivers and work, [get a van insurance quote](/van-insurance-quotes).
`,
  },
  {
    id: '1be20f1d-a746-4e0d-a95c-57a1cf4679ba',
    title: 'Running a small fleet: when a fleet policy beats separate van policies',
    slug: 'running-a-small-fleet-when-a-fleet-policy-makes-sense',
    writer: demoTeam.director,
    excerpt:
      'Once you run a handful of vans or trucks, one fleet policy can be simpler and better value than several separate ones. Here is how any-driver cover, driver checks, telematics and your claims record fit together.',
    tags: ['Fleet', 'Costs', 'Road safety'],
    publishedAt: '2026-03-12T09:00:00.000Z',
    seoDescription:
      'When a fleet policy makes sense for a small Irish business: any-driver cover and age limits, driver checks, telematics and managing your claims experience.',
    body: `## When does a fleet policy make sense?

Once a business runs more than a couple of vehicles, insuring each on its own policy starts to cause headaches: several renewal dates, different excesses, and drivers who are covered for one van but not the next. A fleet policy puts every vehicle under one policy with one renewal date. Insurers set their own minimum size; some will consider a fleet from two vehicles, others from three or more.

A fleet policy often works better than separate policies when:

- you have three or more vehicles, or expect to grow;
- different staff drive different vehicles from day to day;
- vehicles are added, replaced or sold during the year;
- you want one set of terms, one excess and a single point of contact for claims;
- your business has a claims record that can be assessed as a whole.

Separate policies can still be cheaper where each van has one regular driver with a long no-claims record. Your broker can price both ways.

## Any-driver cover and age limits

Many fleet policies are written on an **any-driver** basis, so anyone you authorise can drive any vehicle on the fleet. It is convenient, but it usually comes with conditions, such as:

- a minimum driver age, for example 25, sometimes higher for heavier vehicles;
- a minimum period holding a full licence in the right category;
- drivers with serious convictions, or more than a set number of penalty points, needing the insurer’s approval or being excluded;
- younger or less experienced drivers having to be named and approved individually, often with a higher excess.

Read these conditions carefully and make sure whoever allocates vehicles knows them. If someone outside the conditions drives and has an accident, the insurer will deal with the injured third party as the law requires but may look to your business to repay what it has paid out.

## Check your drivers

Drivers are the biggest variable in your claims record, so check them before they start and at regular intervals afterwards.

- See the licence itself, confirm it covers the vehicle category (category B for most vans, C1 or C for heavier trucks) and note the expiry date.
- Ask drivers to declare penalty points, convictions and pending prosecutions in writing, and to tell you promptly about any changes.
- Make sure professional drivers of heavier vehicles hold a current Driver CPC where it is required.
- Keep a record of these checks. Insurers may ask how you manage drivers.

Vehicles used for work count as part of the workplace, so road risk belongs in your safety management too. The RSA, the Health and Safety Authority and An Garda Síochána publish practical guidance for employers on driving for work.

## Telematics and cameras

Telematics units record where vehicles are and how they are driven: speed, harsh braking and cornering, idling and hours on the road. Used well, they:

- help recover stolen vehicles;
- show which drivers would benefit from coaching;
- reduce fuel use and wear;
- provide clear evidence of what happened in an accident.

Forward-facing cameras do similar work for claims. Some insurers offer better terms to fleets that use telematics or cameras, but the real value comes from acting on what the data shows. Tell staff what is recorded and why, because tracking data and footage are personal data under data protection law.

## Your claims experience

For a fleet, insurers look closely at your **claims experience**: how many claims you have had over recent years (often the last three to five), what they cost and what caused them. A run of small at-fault bumps in yards and car parks tells a different story from one large claim caused by somebody else.

To keep your record healthy:

- report every incident promptly, even minor ones, so costs are controlled early (our [claims assistance](/claims-assistance) page explains how);
- look for patterns such as reversing damage, particular routes or particular drivers, and deal with them;
- keep maintenance records and walk-around check sheets;
- ask for your claims history each year and check that it is accurate.

## Keep the admin tidy

Keep an up-to-date schedule of vehicles and tell your broker the day a vehicle is added or removed, so cover starts and stops when it should. Agree at the outset how mid-term changes will be charged: adjusted as they happen, or settled at the end of the policy year.

Read more about [fleet insurance](/fleet-insurance), or [request a fleet insurance quote](/fleet-insurance-quotes).
`,
  },
  {
    id: '4d4d93bd-6c13-4cc7-8503-1a1db8d48904',
    title: 'The CVRT explained: roadworthiness testing for vans and trucks',
    slug: 'cvrt-explained-roadworthiness-testing-for-vans-and-trucks',
    writer: demoTeam.director,
    excerpt:
      'Who needs a Commercial Vehicle Roadworthiness Test, what the inspector checks, how to prepare, and why an out-of-date Certificate of Roadworthiness can cause trouble with your insurer.',
    tags: ['Vans', 'Trucks', 'Road safety'],
    publishedAt: '2026-04-28T09:00:00.000Z',
    seoDescription:
      'A plain guide to the CVRT for vans and trucks in Ireland: who needs it, what is checked, how to prepare, and why your Certificate of Roadworthiness matters.',
    body: `## What is the CVRT?

The Commercial Vehicle Roadworthiness Test (CVRT) is the roadworthiness test for goods vehicles, buses and certain other commercial vehicles in Ireland. It is overseen by the Road Safety Authority (RSA) and carried out at authorised test centres around the country. Think of it as the commercial equivalent of the NCT, but more thorough.

## Who needs it?

- **Light commercial vehicles**: goods vehicles with a design gross vehicle weight of 3,500 kg or less, which covers most vans and pick-ups, need their first test four years after first registration and then every year.
- **Heavy commercial vehicles**: goods vehicles over 3,500 kg, such as rigid trucks and tractor units, need testing from the first anniversary of registration and then every year. Heavier trailers are tested too.
- Buses, ambulances and some other vehicle types are also within the scheme.

There are exemptions and special rules for some vehicles, including imports and vintage vehicles, so check the official CVRT information if you are unsure about a particular vehicle. Responsibility for keeping the test up to date rests with the vehicle’s owner or operator.

## What the inspectors check

The CVRT is a detailed mechanical inspection, carried out over a pit and with brake-testing equipment. The main areas are:

| Area | Examples of what is checked |
|---|---|
| Identification | Registration plates, chassis or VIN number, plating on heavier vehicles |
| Brakes | Performance and balance, pipes and hoses, parking brake, warning lamps |
| Steering and suspension | Play in the steering, joints, springs, shock absorbers, mountings |
| Tyres and wheels | Tread depth, cuts and bulges, matching sizes, wheel nuts and studs |
| Lights and electrics | Headlamps and their aim, indicators, brake lights, reflectors, wiring |
| Body and chassis | Corrosion, sharp edges, doors, bumpers, guards |
| Visibility | Windscreen, wipers and washers, mirrors |
| Engine and exhaust | Smoke and emissions, oil and fuel leaks |
| Other equipment | Seat belts, horn, speed limiter and tachograph where required |

Defects are graded as **minor**, **major** or **dangerous**. Minor defects are noted but do not cause a fail. Major and dangerous defects do, and a vehicle with a dangerous defect should not be used on the road until it has been repaired. A failed vehicle needs a re-test once the work is done.

## Preparing for the test

Many failures are simple things a check beforehand would catch.

- Book early through the official CVRT booking system rather than in the week the certificate runs out.
- Have the vehicle serviced, with particular attention to brakes, steering and suspension.
- Walk around it: every light working, no warning lamps on the dashboard, windscreen free of damage in the driver’s view, wipers clearing properly, mirrors secure.
- Check tyres for tread depth (the legal minimum for vans is 1.6 mm), cuts, bulges and correct pressures.
- Clean the vehicle, especially underneath, so the inspector can see the chassis; a very dirty vehicle may be turned away.
- Clear loose tools and materials out of the cab and load area.
- Bring the documents the test centre asks for when you book.

## The Certificate of Roadworthiness

A vehicle that passes is issued with a **Certificate of Roadworthiness** (CRW) and a disc that must be displayed on the windscreen. The certificate runs for one year. You generally need a current CRW to tax a commercial vehicle, and using one on a public road without a valid certificate is an offence. Gardaí and RSA enforcement officers carry out roadside checks of commercial vehicles.

The test is only a snapshot. Between tests, operators are legally responsible for keeping vehicles roadworthy, which in practice means planned maintenance, daily walk-around checks by drivers, prompt repairs and records to show it. The RSA publishes guidance for operators.

## Why an out-of-date CRW matters to your insurer

Most commercial vehicle policies include a condition that vehicles are kept in a roadworthy condition, and insurers often ask, when they quote and at renewal, whether your vehicles hold current certificates. If a vehicle has an accident while its CRW has lapsed:

- your insurer will still deal with injured third parties as the law requires, but may seek to recover what it pays from you;
- a claim for damage to your own vehicle could be reduced or refused, particularly if a defect such as worn brakes or tyres played a part;
- the terms you are offered at renewal may be affected.

The fix is simple: keep a diary of expiry dates for every vehicle and book well ahead.

To insure your commercial vehicles, [get a truck insurance quote](/truck-insurance-quotes) or [a van insurance quote](/van-insurance-quotes).
`,
  },
  {
    id: 'e33dbaeb-9350-4b71-9a30-992017c957a0',
    title: 'What to do after a road accident in your van',
    slug: 'what-to-do-after-a-road-accident-in-your-van',
    writer: demoTeam.claims,
    excerpt:
      'A calm, step-by-step guide for van drivers in Ireland: staying safe, when to involve the Gardaí, what details and photos to collect, and why you should tell your insurer quickly without admitting liability.',
    tags: ['Vans', 'Claims', 'Road safety'],
    publishedAt: '2026-06-16T09:00:00.000Z',
    seoDescription:
      'Step by step after a van accident in Ireland: safety, Gardaí, exchanging details, photos, not admitting liability, telling your insurer and injury claims.',
    body: `Even a minor bump is stressful, and it is easy to forget something important. Keep a copy of this checklist in every van.

## 1. Stop and make the scene safe

You must stop after any accident you are involved in. Then:

- switch on your hazard lights and turn off the engine;
- put on a high-visibility vest before getting out;
- move yourself and any passengers away from traffic, behind a barrier if there is one;
- use a warning triangle only where it is safe to do so (not on a motorway).

If anyone is injured, or the road is blocked or dangerous, call **112 or 999** straight away. Do not move anyone who is hurt unless they are in immediate danger.

## 2. Involve the Gardaí when you need to

The Gardaí must be told if anyone is injured. Also report the accident to them if the other driver leaves without giving details, if you damage a parked vehicle or property and cannot find the owner, or if you suspect the other driver is uninsured or under the influence. In a damage-only collision, a Garda report can still help if the facts are disputed later.

Note the name of any Garda who attends, their station and any reference number.

## 3. Exchange details

Give your name, address, vehicle registration and insurance details to the other people involved, and collect theirs:

- the other driver’s name, address and phone number;
- registration, make, model and colour of each vehicle;
- the insurer and policy number, shown on the insurance disc in the windscreen;
- the owner’s details if the vehicle belongs to someone else, such as an employer or a hire company;
- names and contact details of any independent witnesses;
- the date, time and exact location.

## 4. Take photos and notes

Your phone is your best tool. If it is safe, photograph:

- the position of the vehicles before they are moved;
- damage to every vehicle involved, both close up and from a distance;
- the other vehicle’s registration plate and insurance disc;
- road markings, signs, traffic lights, skid marks and debris;
- weather, lighting and road surface conditions.

Note how many people were in the other vehicle, and write down what happened while it is fresh in your mind, with a simple sketch. If you have a dashcam, save the footage before it is recorded over.

## 5. Do not admit liability

Be polite and check that everyone is all right, but do not accept blame or offer to pay for damage. Your policy will almost certainly say you must not admit liability or settle anything without your insurer’s agreement. Stick to the facts and let the insurers work out liability.

## 6. Tell your insurer or broker promptly

Report the accident as soon as you can, ideally the same day, even if:

- the damage looks minor;
- you believe the other driver was to blame;
- you do not intend to make a claim.

Prompt notice is usually a policy condition, it helps your insurer keep costs down, and an unreported incident is much harder to defend if it later becomes an injury claim. Pass any letters or claim forms you receive straight to your insurer without replying yourself. Our [claims assistance](/claims-assistance) page explains how we help.

If employees drive your vans, make sure they know this procedure and whom to call.

## If the other driver is uninsured or cannot be traced

The **Motor Insurers’ Bureau of Ireland** (MIBI) exists to compensate people injured, and in some cases whose property is damaged, by uninsured or unidentified vehicles. Strict conditions apply, including prompt reporting to the Gardaí, so report such accidents immediately and speak to your broker.

## Injury claims and the Injuries Resolution Board

Most personal injury claims in Ireland must go to the **Injuries Resolution Board** before they can go to court. The Board replaced the Personal Injuries Assessment Board (PIAB) in 2024. It can assess compensation without a court case and can also offer mediation.

If someone claims against you, the Board will notify you as the respondent. In practice your insurer handles this on your behalf, so forward anything you receive from the Board, a solicitor or the other party at once; time limits apply. If you were injured yourself, see a doctor, keep records of your costs and get advice early, because strict time limits apply to bringing a claim too.

This is general guidance, not legal advice.

Make sure your cover is right before you need it: [get a van insurance quote](/van-insurance-quotes).
`,
  },
  {
    id: '09a914e8-fd1b-476c-9561-15580c48df0d',
    title: 'Penalty points, convictions and your commercial vehicle insurance',
    slug: 'penalty-points-convictions-and-commercial-vehicle-insurance',
    writer: demoTeam.vans,
    excerpt:
      'How penalty points and motoring convictions affect van and fleet insurance, what the Consumer Insurance Contracts Act 2019 expects you to tell your insurer, and the options open to drivers with a conviction.',
    tags: ['Vans', 'Fleet', 'Renewals'],
    publishedAt: '2026-08-25T09:00:00.000Z',
    seoDescription:
      'How penalty points and convictions affect commercial vehicle insurance in Ireland, what you must disclose, and options for drivers with points or convictions.',
    body: `## How penalty points work

Penalty points are added to a driver’s licence record for a range of road traffic offences, either when a fixed charge is paid or on conviction in court. Points stay on the record for three years from the date they take effect. A driver who builds up **12 points within three years** is disqualified for six months; for learner and novice drivers the threshold is **7 points**. The most serious offences, such as drink or drug driving, are dealt with by disqualification and court penalties rather than points.

## Why insurers care

Insurers use points and convictions to help predict future claims. Depending on the offence and the insurer, a driver with points or a conviction may face:

- a higher premium;
- a higher excess;
- an exclusion, so that the driver cannot drive under the policy;
- some insurers declining to quote at all.

A few points for minor speeding usually have a modest effect. Convictions for drink or drug driving, dangerous driving or driving without insurance are treated far more seriously and can affect your options for years. On a fleet, any-driver cover often sets a maximum number of points, and drivers above it must be approved individually or are excluded.

## What you must tell your insurer

The **Consumer Insurance Contracts Act 2019** changed the rules on disclosure for consumers. Its definition of a consumer is wider than you might expect: it includes many sole traders, partnerships and small companies with an annual turnover of €3 million or less, so it applies to many van owners and small fleets. In outline:

- **The insurer must ask specific questions**, in plain and intelligible language. You no longer have a general duty to volunteer information that you were not asked about.
- **You must answer honestly and with reasonable care.** Read each question properly: does it ask about points or convictions, about the last three years or five, about you alone or every driver, and about pending prosecutions?
- **At renewal**, the insurer should show you the information it holds and ask you to confirm it or tell it about changes. Check it carefully and correct anything that is wrong.
- **During the policy**, you may have to report specific changes, such as new points or a conviction, if the policy clearly requires it. Check your policy wording.

If information turns out to be wrong, what happens broadly depends on how it came about:

| How the answer was given | What the insurer can generally do |
|---|---|
| Honestly and with reasonable care | It cannot refuse a claim on that basis |
| Carelessly | Apply a remedy in proportion to what it would have done had it known, such as paying a reduced share of a claim |
| Fraudulently | Avoid the policy and refuse claims |

Larger businesses outside the consumer definition may still be subject to the older, stricter duty to disclose everything material to the risk. If you are unsure which applies, ask your broker. This is general information, not legal advice.

## Options for drivers with points or convictions

Points or a conviction do not mean you cannot get cover.

- **Use a broker.** Insurers differ widely in how they view convictions, and some specialise in drivers that others avoid.
- **Be upfront.** A conviction disclosed at the start is a pricing question; one discovered after a claim can be far more costly.
- **Restrict who drives.** On a business policy it may be better to exclude one driver, or limit them to a single vehicle, than to have the whole policy rated on their record.
- **Ask about telematics.** Some insurers will take a more positive view where driving behaviour is monitored.
- **Keep your record clean and review regularly.** Points expire after three years, and insurers ask about convictions only for a set period. When an offence drops out of that period, your options usually improve, so make sure your insurer knows at renewal.
- **Never drive while disqualified.** It is a serious offence, and your insurance is unlikely to protect you.

## If you employ drivers

Ask drivers to declare points and convictions when they join and at regular intervals, and make it a condition of employment that they tell you about new ones promptly. Your insurer may ask what checks you carry out. See our [FAQs](/faqs) for more on disclosure.

For a quote that takes your record into account, [get a van insurance quote](/van-insurance-quotes) or [a fleet insurance quote](/fleet-insurance-quotes).
`,
  },
  {
    id: 'f8a869a2-d11c-48bd-bd9d-e7e5fd4af165',
    title: 'Public liability insurance for tradespeople: what it covers and why contractors ask for it',
    slug: 'public-liability-insurance-for-tradespeople',
    writer: demoTeam.vans,
    excerpt:
      'What public liability insurance does and does not cover, how to choose between common limits such as €2.6m and €6.5m, when you need employers’ liability, and why main contractors insist on seeing your cover.',
    tags: ['Public liability', 'Claims', 'Costs'],
    publishedAt: '2026-10-13T09:00:00.000Z',
    seoDescription:
      'Public liability insurance for Irish tradespeople: what it covers, common limits of €2.6m and €6.5m, employers’ liability and what main contractors expect.',
    body: `## What public liability insurance covers

Public liability insurance covers your legal liability if your business activities accidentally injure someone who is not your employee, or damage their property. It also pays the legal costs of defending a claim. For a tradesperson, the risks are everyday ones:

- a customer trips over a cable or tool left in a hallway;
- a fitting you installed fails and floods a kitchen;
- a slate falls from a roof you are working on and damages a car below;
- you damage an underground pipe or cable while digging.

Many policies also include **products liability**, which covers injury or damage caused by products you supply or install.

## What it does not cover

Public liability is not a catch-all. It usually does not cover:

- **injury to your own employees**, which is what employers’ liability is for (see below);
- **your own injuries**, which need personal accident or income protection cover;
- **the cost of putting right your own faulty work**, although resulting damage to other property may be covered;
- **your tools, plant and materials**, which need separate cover;
- **accidents involving your van on the road**, which fall under your motor policy;
- **professional advice or design**, which needs professional indemnity cover;
- **liabilities you accept under a contract** that go beyond what the law would impose anyway.

Policies also carry conditions for higher-risk work, such as using blowtorches or other heat, working above a certain height, or digging below a certain depth. If your work involves any of these, make sure the policy allows for it and that you follow its conditions.

## Choosing a limit: €2.6m, €6.5m or more

The **limit of indemnity** is the most the insurer will pay, usually for any one incident. In Ireland, **€2.6 million** and **€6.5 million** are the most common levels for tradespeople, with higher limits available.

| Limit | Typically suits |
|---|---|
| €2.6 million | Smaller jobs for householders and small businesses |
| €6.5 million | Work for main contractors, commercial clients and public bodies, or higher-risk trades |

The right level depends on the contracts you take on rather than the size of your business. Before buying, check the insurance clauses in the contracts and tenders you work on, and ask whether legal costs sit inside the limit or on top of it.

## Employers’ liability when you have staff

Once you take people on, you have duties for their safety under the Safety, Health and Welfare at Work Act 2005. **Employers’ liability insurance** covers your legal liability if an employee is injured or becomes ill because of their work. It is not compulsory by law for most employers in Ireland, but in practice it is essential: main contractors almost always require it, and a single serious claim could be more than a small business could pay. Limits of €13 million are common.

Be careful about who counts as an employee. Insurers often treat apprentices, casual workers, family members who help out and labour-only subcontractors as employees for this purpose, so declare them. Genuine subcontractors with their own insurance are usually treated differently; keep copies of their insurance certificates.

## Why main contractors ask for it

Main contractors can be drawn into claims arising from your work, so they want to know a claim will land with your insurer rather than theirs. Expect them to ask for:

- a certificate or schedule of insurance before you start, and again when it renews;
- a minimum public liability limit, often €6.5 million on larger sites;
- employers’ liability if you bring your own staff;
- an **indemnity to principal** clause, which extends your policy to protect the contractor for liability arising from your work;
- health and safety paperwork such as your safety statement and Safe Pass cards.

If you cannot show suitable cover, you may simply not get on site.

## Getting the policy right

- Describe everything your business does, including occasional work outside your main trade.
- Give realistic estimates of turnover and wages, since premiums are often based on them and may be adjusted at the end of the year.
- Tell your insurer before you take on new types of work.
- Report any incident that could lead to a claim promptly.

For cover matched to your trade and contracts, [get a public liability insurance quote](/public-liability-insurance-quote).
`,
  },
];
