import { heroPicture, list, markdown, page, section, text } from '../define.ts';

export const claimsAssistance = page(
  '/claims-assistance',
  'Claims assistance',
  section(
    'Intro',
    text('Eyebrow', 'Claims help'),
    text('Heading', 'Claims assistance'),
    text(
      'Lead',
      'An accident, a theft or a claim against your business is stressful. Here is what to do, and how we help from the first call until the claim is settled.',
    ),
    text('Call button', 'Call our claims line: {claimsPhone}'),
    text('Hours', 'Lines are open {openingHours}.', 'Under the claims button. What to do outside these hours is in the "At the scene" section.'),
    heroPicture(),
  ),
  section(
    'Numbers',
    text('Heading', 'Numbers you may need'),
    list(
      'Lines',
      [
        { label: 'Someone is hurt or the road is blocked', text: 'Call [112 or 999](tel:112) for the emergency services and the Gardaí.' },
        { label: 'Our claims line', text: '[{claimsPhone}]({claimsPhoneHref}), {openingHours}.' },
        {
          label: 'Outside our hours',
          text: 'The claims number printed on your insurance certificate or policy schedule; then tell us on the next working day.',
        },
        { label: 'A glass-only claim', text: 'The windscreen helpline in your policy documents, or our claims line.' },
      ],
      'Each line: who it is for (label) and the number or what to do (Markdown, links allowed).',
      ['label', 'text'],
    ),
    list(
      'Insurer lines',
      [],
      'Each insurer’s own 24-hour claims line, shown in the out-of-hours part at the top of the page: the insurer as customers know it (insurer) and the number exactly as its policy documents give it (phone). None: the page sends visitors to the number on their insurance certificate or policy schedule alone.',
      ['insurer', 'phone'],
    ),
  ),
  section(
    'At the scene',
    text('Heading', 'Out of hours or at the scene'),
    text('Steps heading', 'What to do right now'),
    list(
      'Steps',
      [
        { title: 'Stop and make the scene safe', text: 'Hazard lights on, everyone to safety.' },
        { title: 'Call 112 or 999 if anyone is hurt', text: 'Or if the road is blocked.' },
        { title: 'Exchange details', text: 'Names, registrations and insurers.' },
        { title: 'Gather evidence', text: 'Photos, witnesses, dashcam footage.' },
        { title: 'Do not admit liability', text: 'Fault is for the insurers to decide.' },
        { title: 'Call us, and do not settle privately', text: 'We deal with the other side for you.' },
      ],
      'Each step: a title and one short line (under 40 characters, so a phone shows all six on its first screen), in the order they happen.',
      ['title', 'text'],
    ),
    text('Out of hours heading', 'Who to call out of hours'),
    markdown('Out of hours', 'When our line is closed, call the claims number printed on your insurance certificate or policy schedule.'),
    markdown('Next working day', 'Then call us on [{claimsPhone}]({claimsPhoneHref}) on the next working day, and we take the claim up with your insurer.'),
  ),
  section(
    'Body',
    markdown(
      'Guide',
      `## At the scene, in more detail

Stopping after an accident is a legal requirement. The Gardaí must be told about any accident in which someone is injured, and about damage to property whose owner you cannot find. Exchange names, addresses, phone numbers, registrations and each driver’s insurer (shown on the insurance disc), and photograph the vehicles, plates, damage and road layout.

Do not admit liability or agree to pay for anything: fault is for the insurers to decide, and an admission can prejudice your cover. Do not settle privately either: a private arrangement can leave you without your policy’s protection if the other side later claims more.

## How to notify a claim

Call our claims line on [{claimsPhone}]({claimsPhoneHref}) ({openingHours}) as soon as you can. Tell us about every incident, even if you do not intend to claim: your policy requires it, and late notice can give an insurer grounds to reduce or refuse a claim. Outside our opening hours, call the claims number printed on your insurance certificate or policy schedule, then let us know on the next working day.

Have these to hand when you call:

- your policy number and the registration of the vehicle involved
- the date, time and place of the incident, and who was driving
- the other parties’ details, the witnesses’ details and your photographs
- the name of the Garda station and any reference number, if the Gardaí were involved

## Types of claim

### Windscreen and glass damage

Most comprehensive policies cover windscreens and window glass through an approved repairer, and many insurers do not reduce your no-claims discount for a glass-only claim. Check your schedule for the limit and any excess, then call the windscreen helpline in your policy documents or call us.

### Theft of a vehicle or its contents

Report the theft to the Gardaí straight away, note the incident reference, then call us. Keep every key to the vehicle: the insurer will ask for them, along with the vehicle registration certificate. Tools and stock taken from a van are not normally covered by the van policy, but may be covered by separate [tools and goods in transit insurance](/other-insurance-services).

### Claims made against you by someone else

If anyone, or their solicitor, says you caused damage or injury, do not reply or discuss the claim. Send every letter, email or court document to us unanswered on the day you receive it, because your insurer has to respond within strict time limits. If you were not at fault, we can help you claim your own losses, such as repair costs or your excess, from the other driver’s insurer.

### Personal injury claims and the Injuries Resolution Board

Most personal injury claims in Ireland, including those from road traffic accidents, workplace accidents and public liability incidents, must first be made to the Injuries Resolution Board (formerly the Personal Injuries Assessment Board, PIAB), which can offer mediation or assess the compensation due. If the Board writes to you about a claim against you or your business, send the letter to us immediately: your insurer normally responds on your behalf, and the letter sets a deadline. If you have been injured yourself, you can apply to the Board directly.

### Uninsured and untraced drivers

If you are injured or your vehicle is damaged by a driver who had no insurance, or who cannot be identified, you may be able to claim from the Motor Insurers’ Bureau of Ireland (MIBI), which is funded by the motor insurers operating in Ireland. Report the incident to the Gardaí as soon as possible, as the MIBI will generally expect this. Claims involving an untraced vehicle are subject to stricter conditions, particularly for damage to property, so talk to us before you apply.

## What we do for you

- We notify your insurer, give it the details it needs and tell you the claim reference.
- We explain what your policy covers, the excess that applies and how the claim may affect your no-claims discount.
- We help arrange repairs through the insurer’s approved repairers and any replacement vehicle your policy includes.
- We follow the claim up with the insurer and keep you informed until it is settled.
- If you disagree with the insurer’s decision, we take your case back to it and explain your options.

The insurer decides whether to pay a claim and how much; our job is to make sure your claim is presented fully and fairly. If you are unhappy with our service, our [customer care and complaints page](/customer-care) explains what to do.`,
    ),
  ),
  section(
    'Call to action',
    text('Heading', 'Ready to report a claim?'),
    markdown(
      'Text',
      'Call our claims line and we will notify your insurer, give you the claim reference and deal with the insurer for you until the claim is settled.',
    ),
    text('Call button', 'Call our claims line: {claimsPhone}'),
    text('Hours', 'Lines are open {openingHours}. Outside those hours, call the claims number on your insurance certificate or policy schedule.'),
    text('Email button', 'Email the claims team', 'Shown only when a claims address is set (CLAIMS_EMAIL).'),
  ),
);
