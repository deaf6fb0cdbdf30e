import sharp from 'sharp';
import { Upload } from 'tus-js-client';
import * as OTPAuth from 'otpauth';
import type { Challenge } from 'altcha-lib';
import { solveHumanCheck } from '#src/lib/human-check-client.ts';
import { validAnswers } from '#tests/support/lead-answers.ts';
import { todayInIreland } from '#src/schemas/leads/form-definition.ts';

/**
 * Fills a running server's back-office with a believable working week, through its public and
 * staff API only (as visitors and staff would): four staff, callbacks, quote requests of every
 * kind and renewals, some worked (status, owner, a note), a draft post; the mails and audit
 * entries follow from those. Signs the administrator in through two-factor setup with a code
 * computed from the secret, as an authenticator app does. For the screenshot command; the
 * server must allow more than one visitor's hourly form budget (FORM_RATE_LIMIT).
 */

export type SeededBackOffice = {
  /** The administrator's session cookie (`name=value`), signed in with two-factor. */
  cookie: string;
  /** Ids of one record of each kind, for the detail screens. */
  ids: {
    user: string;
    contact: string;
    quote: string;
    renewal: string;
    post: string;
    mail: string;
    homePage: string;
    /** A page with a Markdown field (its More › Text). */
    thankYouPage: string;
    media: string;
    redirect: string;
    privacyRequest: string;
    /** Extended, then completed: its timeline says so. */
    privacyAnswered: string;
    webhook: string;
  };
};

type Json = Record<string, unknown>;

/** Browsers as the signed-in devices name them: staff use a desk computer and a phone. */
const DESKTOP_BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const PHONE_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A small client that keeps the session cookie between calls, like a browser. */
function client(base: string, userAgent = DESKTOP_BROWSER) {
  let cookie = '';
  return {
    cookie: () => cookie,
    async call(method: string, path: string, body?: unknown): Promise<Json> {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'user-agent': userAgent, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      const json = (await res.json()) as Json;
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${String(json.message)} ${JSON.stringify(json.errors ?? [])}`);
      return json;
    },
  };
}

/** The code an authenticator app shows now for this secret. */
export const authenticatorCode = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

const STAFF = [
  { first_name: 'Niamh', last_name: 'Byrne', email: 'niamh.byrne@shannon-insurance.ie', isAdmin: 'false' },
  { first_name: 'Conor', last_name: 'Walsh', email: 'conor.walsh@shannon-insurance.ie', isAdmin: 'false' },
  { first_name: 'Aisling', last_name: 'Ó Súilleabháin', email: 'aisling.osuilleabhain@shannon-insurance.ie', isAdmin: 'true' },
  { first_name: 'Declan', last_name: 'Fitzpatrick-Moriarty', email: 'declan.fitzpatrick-moriarty@shannon-insurance.ie', isAdmin: 'false', role: 'editor' },
];

const CALLBACKS = [
  [
    'Seán Murphy',
    'sean.murphy@murphyplumbing.ie',
    '087 214 5589',
    'Non-standard commercial vehicle insurance',
    'I have a 2012 Iveco Daily converted to a catering van. Two insurers turned me down; could someone ring me about options?',
  ],
  [
    'Róisín Kavanagh',
    'roisin@kavanaghflorists.ie',
    '086 771 0342',
    'Van insurance for convicted drivers',
    'Six points from a careless driving conviction in 2023. Looking for van cover before the 15th.',
  ],
  [
    'Patrick O’Donnell',
    'pod@odonnell-logistics.ie',
    '+353 61 334 9021',
    'Non-standard commercial vehicle insurance',
    'Fleet of 14 vans, two of them imports. Please call after 2pm.',
  ],
  [
    'Grace Nolan',
    'grace.nolan@example.ie',
    '085 440 1276',
    'Van insurance for convicted drivers',
    'Renewal is due next month and my current insurer will not renew after a drink-driving ban that ended last year.',
  ],
  [
    'Ciarán Doyle',
    'ciaran.doyle@doylejoinery.ie',
    '087 902 3318',
    'Non-standard commercial vehicle insurance',
    'Horsebox on a 7.5 tonne chassis. Mostly weekend use.',
  ],
  ['Eimear Brennan', 'eimear.brennan@example.ie', '083 615 7734', 'Van insurance for convicted drivers', 'Please ring me in the morning.'],
  [
    'Darragh Quinn',
    'darragh@quinnelectrical.ie',
    '089 228 4410',
    'Non-standard commercial vehicle insurance',
    'Looking for cover on a modified Transit with a tail lift.',
  ],
  [
    'Siobhán McCarthy',
    'siobhan.mccarthy@example.ie',
    '087 350 6612',
    'Van insurance for convicted drivers',
    'Two speeding convictions; need cover for a Berlingo.',
  ],
] as const;

/** A person's work address: the name without its accents, as mail addresses are written. */
const mailbox = (first: string, last: string) =>
  `${first}.${last}@example.ie`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** A few more requests of each kind, each with its own person and vehicle. */
const PEOPLE = [
  ['Máire', 'Hennessy', '211-D-12345'],
  ['Tadhg', 'Lynch', '182-CE-5521'],
  ['Orla', 'Fitzgerald', '231-G-908'],
  ['Eoin', 'Ryan', '191-WX-4410'],
] as const;

/** Pictures for the media library: drawn here (a road scene in the brand's colours), sent as JPEGs. */
const PICTURES: { name: string; sky: string; vehicle: string; alt: string; caption?: string }[] = [
  { name: 'white-van-limerick.jpg', sky: '#9cc7e4', vehicle: '#f4f6f8', alt: 'A white van on a country road near Limerick', caption: 'Used on the home page.' },
  { name: 'fleet-yard-shannon.jpg', sky: '#f3c98b', vehicle: '#0b5c8c', alt: 'Blue vans parked in a row at a fleet yard' },
  { name: 'truck-n7-evening.jpg', sky: '#e8a87c', vehicle: '#c0392b', alt: 'A red truck on the N7 in the evening' },
  { name: 'office-front.jpg', sky: '#b8d8c8', vehicle: '#2e7d32', alt: '' },
  { name: 'roadworks-sign.jpg', sky: '#cfd8dc', vehicle: '#f9a825', alt: '' },
];

/** Sends a drawn picture through the resumable upload, as the editor does; answers its media id. */
async function uploadPicture(base: string, cookie: string, picture: (typeof PICTURES)[number]): Promise<string> {
  const [width, height] = [1600, 1000];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="62%" fill="${picture.sky}"/><rect y="62%" width="100%" height="38%" fill="#5f6b73"/>
    <rect y="79%" width="100%" height="2%" fill="#f4f6f8"/><circle cx="1320" cy="190" r="90" fill="#fff6d5"/>
    <path d="M0 620 L420 380 L760 620 Z M520 620 L980 300 L1600 620 Z" fill="#6f9a6a"/>
    <rect x="470" y="540" width="560" height="230" rx="26" fill="${picture.vehicle}" stroke="#263238" stroke-width="6"/>
    <rect x="1030" y="600" width="190" height="170" rx="22" fill="${picture.vehicle}" stroke="#263238" stroke-width="6"/>
    <rect x="1070" y="625" width="110" height="70" rx="10" fill="#b3d4ea"/>
    <circle cx="600" cy="780" r="58" fill="#263238"/><circle cx="1090" cy="780" r="58" fill="#263238"/></svg>`;
  const file = await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
  const body = await new Promise<string>((resolve, reject) => {
    new Upload(file, {
      endpoint: `${base}/api/v1/uploads`,
      headers: { cookie },
      metadata: { filename: picture.name, filetype: 'image/jpeg', purpose: 'post-image' },
      onSuccess: ({ lastResponse }) => resolve(lastResponse.getBody()),
      onError: reject,
    }).start();
  });
  return (JSON.parse(body) as { image: { _id: string } }).image._id;
}

/**
 * `webhookReceiver`: where the first webhook endpoint points (a receiver the caller runs), so the
 * callbacks and requests seeded below leave deliveries in its log.
 */
export async function seedBackOffice(base: string, adminEmail: string, adminPassword: string, webhookReceiver: string): Promise<SeededBackOffice> {
  const admin = client(base);
  await admin.call('POST', '/api/v1/auth/login', { email: adminEmail, password: adminPassword });
  const setup = (await admin.call('POST', '/api/v1/auth/2fa/generateSecret', {})) as { user: { twoFactor: { secret: string } } };
  await admin.call('POST', '/api/v1/auth/2fa/verify', { token: authenticatorCode(setup.user.twoFactor.secret) });

  // Webhooks, before the visitors: one endpoint told of callbacks and status changes, one turned off.
  const { endpoint: webhook } = (await admin.call('POST', '/api/v1/webhooks/create', {
    url: webhookReceiver,
    description: 'Broker management system',
    events: ['callback.received', 'quote.received', 'status.changed'],
  })) as { endpoint: { id: string } };
  const { endpoint: off } = (await admin.call('POST', '/api/v1/webhooks/create', {
    url: 'https://hooks.slack.com/services/T000/B000/sales-channel',
    description: 'Sales channel in Slack',
    events: ['post.published'],
  })) as { endpoint: { id: string } };
  await admin.call('PUT', `/api/v1/webhooks/update/${off.id}`, { enabled: false });

  const staffIds: string[] = [];
  for (const person of STAFF) {
    const { user } = (await admin.call('POST', '/api/v1/users/create', { ...person, password: 'a long staff password' })) as { user: { _id: string } };
    staffIds.push(user._id);
  }
  // The first colleague has signed in on her phone, with two-factor: her account has a device to show.
  const colleague = client(base, PHONE_BROWSER);
  await colleague.call('POST', '/api/v1/auth/login', { email: STAFF[0]!.email, password: 'a long staff password' });
  const own = (await colleague.call('POST', '/api/v1/auth/2fa/generateSecret', {})) as { user: { twoFactor: { secret: string } } };
  await colleague.call('POST', '/api/v1/auth/2fa/verify', { token: authenticatorCode(own.user.twoFactor.secret) });

  // Visitors: no session, a solved human check each.
  const visitor = client(base);
  const humanCheck = async () =>
    (await solveHumanCheck(async () => ((await visitor.call('GET', '/api/v1/challenge')) as { challenge: Challenge }).challenge)).payload;
  const contactIds: string[] = [];
  for (const [name, email, phone, subject, message] of CALLBACKS) {
    const { contact } = (await visitor.call('POST', '/api/v1/contacts/create', { name, email, phone, subject, message, humanCheck: await humanCheck() })) as {
      contact: { _id: string };
    };
    contactIds.push(contact._id);
  }

  const quoteIds: string[] = [];
  const sendQuote = async (kind: 'van' | 'fleet' | 'truck' | 'liability', answers: Json) => {
    const { lead } = (await visitor.call('POST', `/api/v1/quotes/${kind}/create`, { ...answers, humanCheck: await humanCheck() })) as { lead: { _id: string } };
    quoteIds.push(lead._id);
  };
  for (const kind of ['van', 'fleet', 'truck', 'liability'] as const) await sendQuote(kind, validAnswers[kind]);
  for (const [index, [firstName, lastName, registration]] of PEOPLE.entries()) {
    const email = mailbox(firstName, lastName);
    await sendQuote('van', {
      ...validAnswers.van,
      firstName,
      lastName,
      email,
      registration,
      make: index % 2 ? 'Renault' : 'Volkswagen',
      model: index % 2 ? 'Trafic' : 'Crafter',
    });
  }
  const renewalIds: string[] = [];
  for (const [index, [firstName, lastName, registration]] of [['Tomás', 'Kelly', '191-C-9876'], ...PEOPLE].entries()) {
    const answers = {
      ...validAnswers.renewal,
      name: `${firstName} ${lastName}`,
      email: mailbox(firstName, lastName),
      registration,
      policyNumber: `SCI-VAN-2025-04${10 + index}`,
      renewalDate: new Date(Date.now() + (7 + index * 9) * 86_400_000).toISOString().slice(0, 10),
    };
    const { lead } = (await visitor.call('POST', '/api/v1/renewals/create', { ...answers, humanCheck: await humanCheck() })) as { lead: { _id: string } };
    renewalIds.push(lead._id);
  }

  // Staff at work: statuses, owners and notes across the pipeline.
  const contactWork = [
    { status: 'contacted', ownerId: staffIds[0], note: 'Left a voicemail; will try again at 4.' },
    { status: 'closed', ownerId: staffIds[1], note: 'Placed with a specialist insurer.' },
    { ownerId: staffIds[3] },
  ];
  for (const [index, change] of contactWork.entries()) await admin.call('PUT', `/api/v1/contacts/update/${contactIds[index]}`, change);
  const leadWork = [
    { status: 'contacted', ownerId: staffIds[0], note: 'Asked for the no-claims letter.' },
    { status: 'quoted', ownerId: staffIds[1], note: 'Quoted €1,480 with Aviva; customer considering.' },
    { status: 'won', ownerId: staffIds[3] },
    { status: 'lost', note: 'Went with a direct insurer on price.' },
  ];
  for (const [index, change] of leadWork.entries()) await admin.call('PUT', `/api/v1/quotes/update/${quoteIds[index]}`, change);
  for (const [index, change] of leadWork.slice(0, 2).entries()) await admin.call('PUT', `/api/v1/renewals/update/${renewalIds[index]}`, change);
  // What happens next (one overdue, one due today, one next week) and how quotes ended.
  const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await admin.call('PUT', `/api/v1/contacts/next-step/${contactIds[0]}`, { nextStep: 'Ring back with Aviva price', nextStepDue: dayFromToday(-1) });
  await admin.call('PUT', `/api/v1/quotes/next-step/${quoteIds[0]}`, { nextStep: 'Chase the no-claims letter', nextStepDue: dayFromToday(0) });
  await admin.call('PUT', `/api/v1/quotes/next-step/${quoteIds[1]}`, { nextStep: 'Ask if they want to go ahead', nextStepDue: dayFromToday(6) });
  await admin.call('PUT', `/api/v1/renewals/next-step/${renewalIds[0]}`, { nextStep: 'Send the renewal terms', nextStepDue: dayFromToday(-3) });
  await admin.call('PUT', `/api/v1/quotes/outcome/${quoteIds[1]}`, { outcome: 'quoted', premium: '1480', insurer: 'Aviva' });
  await admin.call('PUT', `/api/v1/quotes/outcome/${quoteIds[2]}`, { outcome: 'quoted', premium: '2310.50', insurer: 'Allianz' });
  await admin.call('PUT', `/api/v1/quotes/outcome/${quoteIds[3]}`, { outcome: 'lost', lostReason: 'price', lostDetail: 'Went with a direct insurer' });

  // The media library: pictures uploaded as the editor sends them, described, one a post's cover and the home page's picture.
  const mediaIds: string[] = [];
  for (const picture of PICTURES) {
    const id = await uploadPicture(base, admin.cookie(), picture);
    if (picture.alt) await admin.call('PUT', `/api/v1/media/update/${id}`, { alt: picture.alt, caption: picture.caption ?? '' });
    mediaIds.push(id);
  }
  const { post } = (await admin.call('POST', '/api/v1/posts/create', {
    title: 'What changes for van drivers in the 2027 Budget',
    body: 'Motor tax bands for light commercial vehicles are changing from January.\n\n## What it means for your premium\n\nLittle at first: insurers price on the vehicle and the driver, not the tax band.',
    tags: ['Budget', 'Vans'],
    status: 'draft',
    coverImage: mediaIds[0],
    coverAlt: PICTURES[0]!.alt,
  })) as { post: { _id: string } };
  // A second save, so the post's history has an earlier version to compare and restore.
  await admin.call('PUT', `/api/v1/posts/update/${post._id}`, {
    title: 'What changes for van drivers in the 2027 Budget',
    body: 'Motor tax bands for light commercial vehicles change from January.\n\n## What it means for your premium\n\nLittle at first: insurers price on the vehicle and the driver, not the tax band. Talk to us before you change vans.',
    tags: ['Budget', 'Vans'],
    status: 'draft',
    coverImage: mediaIds[0],
    coverAlt: PICTURES[0]!.alt,
  });
  const hero = (await admin.call('GET', '/api/v1/cms/section/?namePath=Home%2FHero')) as { sections: { id: string }[] };
  const { section } = (await admin.call('GET', `/api/v1/cms/section/${hero.sections[0]!.id}`)) as { section: { elements: { id: string; name: string }[] } };
  const picture = section.elements.find((element) => element.name === 'Picture');
  if (picture) await admin.call('PUT', `/api/v1/cms/element/update/${picture.id}`, { value: { mediaId: mediaIds[0], alt: PICTURES[0]!.alt } });
  // A copy edit: the audit log's entry names the page and shows the words before and after.
  const heading = section.elements.find((element) => element.name === 'Heading');
  if (heading) await admin.call('PUT', `/api/v1/cms/element/update/${heading.id}`, { value: 'Van, fleet, truck and liability insurance for Irish businesses' });

  // Redirects: staff-made ones, visited a few times, and one a published post's new slug recorded.
  const redirects: [string, string, number][] = [
    ['/fleet-offer-2025', '/fleet-insurance', 301],
    ['/winter-van-check', '/blog', 302],
    ['/insurance/public-liability-cover-for-trades', '/public-liability-insurance', 301],
  ];
  const redirectIds: string[] = [];
  for (const [from, to, status] of redirects) {
    const { redirect } = (await admin.call('POST', '/api/v1/redirects/create', { from, to, status })) as { redirect: { _id: string } };
    redirectIds.push(redirect._id);
  }
  for (let visit = 0; visit < 3; visit++) await fetch(`${base}/fleet-offer-2025`, { redirect: 'manual' });

  // Invitations: two waiting, one revoked; API tokens: two in use, one revoked.
  for (const [email, role] of [
    ['ciaran.doyle@shannon-insurance.ie', 'broker'],
    ['grainne.lynch@shannon-insurance.ie', 'editor'],
    ['padraig.nolan@shannon-insurance.ie', 'broker'],
  ] as const) {
    const { invitation } = (await admin.call('POST', '/api/v1/invitations/create', { email, role })) as { invitation: { id: string } };
    if (email.startsWith('padraig')) await admin.call('POST', `/api/v1/invitations/revoke/${invitation.id}`);
  }
  for (const [name, scopes] of [
    ['Broker management system', ['leads:read', 'status:write']],
    ['Sales CRM', ['callbacks:read', 'leads:read']],
    ['Old reporting script', ['leads:read']],
  ] as const) {
    const { apiToken, token } = (await admin.call('POST', '/api/v1/api-tokens/create', { name, scopes, expires_in_days: '90' })) as {
      apiToken: { id: string };
      token: string;
    };
    if (name.startsWith('Old')) await admin.call('POST', `/api/v1/api-tokens/revoke/${apiToken.id}`);
    else await fetch(`${base}/api/v1/quotes?page_size=1`, { headers: { authorization: `Bearer ${token}` } });
  }
  const moving = { title: 'Five checks before you renew fleet cover', body: 'Drivers, vehicles, claims, use and security.', status: 'published' };
  const { post: moved } = (await admin.call('POST', '/api/v1/posts/create', moving)) as { post: { _id: string } };
  // Its address moves (a redirect follows), with a topic and a line more: the log shows each change.
  await admin.call('PUT', `/api/v1/posts/update/${moved._id}`, {
    ...moving,
    slug: 'fleet-renewal-checklist',
    tags: ['Fleet'],
    body: `${moving.body} And the excess you can carry.`,
  });

  // The privacy register: an access request from a customer whose quote is on file (its page
  // finds her data), an erasure request past its month, and one answered, extended first.
  const daysAgo = (days: number) => todayInIreland(new Date(Date.now() - days * 86_400_000));
  const privacy: { kind: string; name: string; email: string; receivedOn: string; note: string }[] = [
    {
      kind: 'access',
      name: 'Aoife Byrne',
      email: 'aoife.byrne@example.ie',
      receivedOn: daysAgo(26),
      note: 'By email; she confirmed her date of birth and quote reference.',
    },
    {
      kind: 'erasure',
      name: 'Declan Fitzgerald',
      email: 'declan.fitzgerald@example.ie',
      receivedOn: daysAgo(40),
      note: 'Letter to the office. No policy with us any more.',
    },
    {
      kind: 'rectification',
      name: 'Máire Ní Bhriain',
      email: 'maire.nibhriain@example.ie',
      receivedOn: daysAgo(70),
      note: 'Her van’s registration was wrong on the renewal.',
    },
  ];
  const privacyIds: string[] = [];
  for (const request of privacy) {
    const { request: logged } = (await admin.call('POST', '/api/v1/privacy/requests/create', request)) as { request: { _id: string } };
    privacyIds.push(logged._id);
  }
  await admin.call('POST', `/api/v1/privacy/requests/extend/${privacyIds[2]}`, {
    months: 1,
    reason: 'Records in the renewal system and the old quote system to check.',
  });
  await admin.call('PUT', `/api/v1/privacy/requests/update/${privacyIds[2]}`, {
    status: 'completed',
    note: 'Registration corrected on both records; she was told by email.',
  });
  // The access request's timeline: given to a broker, who looked up what is held from its page.
  await admin.call('PUT', `/api/v1/privacy/requests/update/${privacyIds[0]}`, { ownerId: staffIds[0] });
  await admin.call('POST', '/api/v1/privacy/find', { email: privacy[0]!.email, registerId: privacyIds[0] });

  const { pages } = (await admin.call('GET', '/api/v1/cms/pages')) as { pages: { id: string; path: string }[] };
  // The outbox has the mails the requests queued; the newest is enough for the detail screen.
  const { mails } = (await admin.call('GET', '/api/v1/mail/?page=0&page_size=1')) as { mails: { _id: string }[] };

  return {
    cookie: admin.cookie(),
    ids: {
      user: staffIds[0]!,
      contact: contactIds[0]!,
      quote: quoteIds[0]!,
      renewal: renewalIds[0]!,
      post: post._id,
      mail: mails[0]!._id,
      homePage: pages.find((page) => page.path === '/')!.id,
      thankYouPage: pages.find((page) => page.path === '/contact-thank-you')!.id,
      media: mediaIds[0]!,
      redirect: redirectIds[0]!,
      privacyRequest: privacyIds[0]!,
      privacyAnswered: privacyIds[2]!,
      webhook: webhook.id,
    },
  };
}
