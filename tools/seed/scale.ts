import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '#src/server/db/client.ts';
import { seedAdministrator } from '#src/server/seed.ts';
import { BENCH_ADMIN } from '../bench/admin-account.ts';
import { leadKinds } from '#src/schemas/leads/index.ts';
import { readSiteFacts } from '#src/site/facts.ts';

/**
 * Bench tool: fills the PostgreSQL database of DATABASE_URL with a million enquiries and a
 * million quote and renewal requests (by default), so the staff lists can be timed at the size
 * of a busy broker (`npm run bench:lists`). The rows are made by the database itself
 * (generate_series, one statement per table), not sent one by one. It tops up to the counts
 * asked for, so a second run adds nothing. Run it on a throwaway database, never a real one;
 * it refuses the embedded database, which is not the answer at this size.
 *
 *   DATABASE_URL=postgres://…/h_scale npm run seed:scale -- --contacts 1000000 --leads 1000000
 *
 * The spread: rows over three years (or the retention period) up to the time of seeding, in time order as a real
 * table fills (requests in the order of their reference numbers, as the app gives them); 40% van quotes, 15%
 * fleet, 15% truck, 10% liability and 20% renewals (and a million audit entries, by default,
 * of moves and notes by the staff there are, or by nobody on an empty users table); statuses new 30%, contacted 25%,
 * quoted 20%, won 12%, lost 13%; names from 60 first names and 120 surnames, so a surname
 * search finds about one row in 120 and a full name about one in 7,200. Seven enquiries and
 * requests in ten have an owner, among five staff it adds (bench-staff-1@example.ie…, who
 * cannot sign in); every renewal has a renewal date one to ninety days after it was made; and
 * the outbox holds a mail for each enquiry, up to a million (`--mail`), 98% sent and 2%
 * failed, none queued (the bench's server would send them).
 */
const { values } = parseArgs({
  options: {
    contacts: { type: 'string', default: '1000000' },
    leads: { type: 'string', default: '1000000' },
    audit: { type: 'string', default: '1000000' },
    mail: { type: 'string', default: '1000000' },
  },
});
const targets = { contacts: Number(values.contacts), leads: Number(values.leads), audit: Number(values.audit), mail: Number(values.mail) };
for (const [name, n] of Object.entries(targets)) {
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number`);
}

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('seed:scale needs DATABASE_URL (a PostgreSQL database): the embedded database is not meant for a million rows.');
  process.exit(2);
}

const FIRST_NAMES = `Aoife Ciara Niamh Saoirse Sinead Orla Roisin Grainne Siobhan Aisling Emma Sarah Laura Rachel Claire Fiona Mary
Anne Deirdre Eimear Caoimhe Clodagh Maeve Brid Una Sean Liam Conor Cian Darragh Oisin Padraig Seamus Eoin Ronan Colm Declan
Fergal Brendan Kieran Niall Donal Ciaran Eamon Dermot Barry Gary Shane Mark Paul John Michael Patrick James David Thomas
Brian Kevin Aidan Tadhg Cathal`.split(/\s+/);
const SURNAMES = `Murphy Kelly Byrne Ryan OBrien Walsh OSullivan OConnor McCarthy Doyle Gallagher ODoherty Kennedy Lynch Murray
Quinn Moore McLoughlin Carroll Connolly Daly OConnell Wilson Dunne Brennan Burke Collins Campbell Clarke Johnston Hughes
Farrell Fitzgerald Brown Martin Maguire Nolan Flynn Thompson Callaghan ONeill Reilly Duffy Boyle Healy Sheehan Power Nugent
Whelan Keane Hayes Kavanagh Dolan Fahy Geraghty Hogan Foley Moran Brady Kenny Regan Casey Cullen Mahon Buckley Lyons Horgan
Egan Donnelly Kearney Coleman Hennessy Barrett Corcoran Tobin Duggan Molloy Madden Cleary Fox Hickey Dwyer Keating Harrington
Kirwan Sweeney McGrath Mulligan Phelan Dillon Costello Rooney Grady Burns Mooney Behan Lennon Connell Bradley Wall Cronin
Tierney Farrelly Gorman McKenna Shanahan Cassidy Kinsella Keogh Devlin Griffin Hurley Sexton Cotter Galvin`.split(/\s+/);
const TRADES = ['Plumbing', 'Electrical', 'Carpentry', 'Landscaping', 'Haulage', 'Catering', 'Courier', 'Building', 'Painting', 'Roofing'];

const list = (words: string[]) => `array[${words.map((word) => `'${word.replace(/'/g, "''")}'`).join(',')}]`;
// A row number's first name and surname, picked by two different strides so they do not move together.
const first = `(${list(FIRST_NAMES)})[1 + (g * 7919) % ${FIRST_NAMES.length}]`;
const last = `(${list(SURNAMES)})[1 + (g * 104729) % ${SURNAMES.length}]`;
/**
 * How far back the rows go: three years, or less when the site keeps enquiries for a shorter
 * time (RETENTION_MONTHS), a week inside it: the server's retention job deletes what is older
 * when it starts, and the bench would time a list a third smaller than the one seeded.
 */
const SPREAD_DAYS = Math.min(1095, Math.floor(readSiteFacts().retentionMonths * 30.4) - 7);
/**
 * Row `g` of `n`'s moment: spread evenly over SPREAD_DAYS before now, oldest first, as a
 * table fills in real life (so the rows lie on disk roughly in time order, which the planner
 * counts on), give or take ten minutes, and in whole seconds, so many rows share a moment.
 * `inOrder`: exactly in the order of g, as requests are in the order of their reference
 * numbers (leads/reference.ts), which a search of a series of references counts on.
 */
const createdAt = (n: number, { inOrder = false } = {}) => {
  const spread = `now() - interval '${SPREAD_DAYS} days' * (1 - g::float8 / ${Math.max(1, n)})`;
  return inOrder ? spread : `date_trunc('second', ${spread} - ((g * 2654435761::bigint) % 600) * interval '1 second')`;
};

/** Bench staff, who own seven rows in ten (`staff.ids`, joined as `staff` where a statement uses it). */
const STAFF_COUNT = 5;
const staff = `(select array_agg(id order by email) as ids from users where email like 'bench-staff-%@example.ie') as staff`;
const ownerOf = `case when g % 10 < 7 then staff.ids[1 + (g / 10) % ${STAFF_COUNT}] end`;

const kindCase = `case when g % 20 < 8 then 'van' when g % 20 < 11 then 'fleet' when g % 20 < 14 then 'truck' when g % 20 < 16 then 'liability' else 'renewal' end`;
const statusCase = `case when (g / 20) % 100 < 30 then 'new' when (g / 20) % 100 < 55 then 'contacted' when (g / 20) % 100 < 75 then 'quoted' when (g / 20) % 100 < 87 then 'won' else 'lost' end`;
const prefixCase = `case kind ${Object.entries(leadKinds)
  .map(([kind, meta]) => `when '${kind}' then '${meta.prefix}'`)
  .join(' ')} end`;

/** Inserts `count` rows numbered after `start`, in chunks so progress shows and no one transaction grows huge. */
async function fill(client: pg.Client, table: string, start: number, count: number, insert: (from: number, to: number) => string) {
  const CHUNK = 250_000;
  for (let from = start + 1; from <= start + count; from += CHUNK) {
    const to = Math.min(start + count, from + CHUNK - 1);
    const began = performance.now();
    await client.query(insert(from, to));
    console.log(`${table}: rows ${from.toLocaleString('en-IE')} to ${to.toLocaleString('en-IE')} in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
}

// The tables (and the indexes this code brings) come from the app's own migrations.
const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
try {
  await database.migrate();
  // The list bench's administrator, first, as the server would seed it on an empty users table.
  await seedAdministrator(database.db, { adminEmail: BENCH_ADMIN.email, adminPassword: BENCH_ADMIN.password, site: readSiteFacts() });
} finally {
  await database.close();
}

const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  const counted = async (table: string) => Number((await client.query(`select count(*)::int as n from ${table}`)).rows[0].n);
  const began = performance.now();

  // Staff to own rows; their password is no password hash at all, so nobody can sign in as them.
  await client.query(`
    insert into users (first_name, last_name, email, password_hash)
    select 'Bench', 'Staff ' || n, 'bench-staff-' || n || '@example.ie', '!' from generate_series(1, ${STAFF_COUNT}) as n
    on conflict do nothing`);

  const contactsHave = await counted('contacts');
  await fill(
    client,
    'contacts',
    contactsHave,
    Math.max(0, targets.contacts - contactsHave),
    (from, to) => `
      insert into contacts (name, email, phone, subject, message, owner_id, created_at)
      select name, lower(replace(name, ' ', '.')) || g || '@example.ie', '08' || (3 + g % 7) || ' ' || lpad(((g * 7919) % 10000000)::text, 7, '0'),
             'Callback request', (${list(TRADES)})[1 + g % ${TRADES.length}] || ' business: please call about cover for ' || (1 + g % 9) || ' vans.',
             ${ownerOf}, ${createdAt(targets.contacts)}
      from ${staff}, (select g, ${first} || ' ' || ${last} as name from generate_series(${from}::bigint, ${to}::bigint) as g) as s`,
  );

  const leadsHave = await counted('leads');
  await fill(
    client,
    'leads',
    leadsHave,
    Math.max(0, targets.leads - leadsHave),
    (from, to) => `
      insert into leads (kind, reference, status, name, email, phone, registration, answers, owner_id, created_at, updated_at)
      select kind, ${prefixCase} || '-' || extract(year from created) || '-S' || lpad(g::text, 7, '0'), status, name,
             lower(replace(name, ' ', '.')) || g || '@example.ie', '08' || (3 + g % 7) || ' ' || lpad(((g * 104729) % 10000000)::text, 7, '0'),
             case when kind = 'liability' then '' else (10 + g % 16)::text || '-D-' || (g % 99999)::text end,
             case when kind = 'renewal'
               then jsonb_build_object('seeded', true, 'renewalDate', to_char(created + (1 + (g * 7919) % 90) * interval '1 day', 'YYYY-MM-DD'))
               else jsonb_build_object('seeded', true) end,
             ${ownerOf}, created, created
      from ${staff}, (select g, ${kindCase} as kind, ${statusCase} as status, ${first} || ' ' || ${last} as name, ${createdAt(targets.leads, { inOrder: true })} as created
            from generate_series(${from}::bigint, ${to}::bigint) as g) as s`,
  );

  const auditHave = await counted('audit_log');
  const ACTIONS = ['lead moved to contacted', 'lead moved to quoted', 'lead moved to won', 'lead note added', 'contact deleted', 'post updated'];
  await fill(
    client,
    'audit_log',
    auditHave,
    Math.max(0, targets.audit - auditHave),
    (from, to) => `
      with staff as (select array_agg(id order by created_at) as ids from users)
      insert into audit_log (actor_id, action, target, created_at)
      select staff.ids[1 + g % greatest(1, coalesce(array_length(staff.ids, 1), 1))], action,
             case when action like 'contact%' then 'contact:' when action like 'post%' then 'post:' else 'lead:' end || gen_random_uuid(), ${createdAt(targets.audit)}
      from staff, (select g, (${list(ACTIONS)})[1 + g % ${ACTIONS.length}] as action from generate_series(${from}::bigint, ${to}::bigint) as g) as s`,
  );

  // A mail for each enquiry, oldest first (the sales team's copy or the visitor's), named by its
  // record as the app names them: the server's retention job deletes mails no record explains.
  // Bodies older than the default 30 days are removed, as that job would have removed them.
  const mailHave = await counted('outbox');
  await fill(
    client,
    'outbox',
    mailHave,
    Math.max(0, Math.min(targets.mail, targets.contacts) - mailHave),
    (from, to) => `
      insert into outbox ("to", subject, text, message_id, ref, status, attempts, sent_at, failed_at, last_error, created_at)
      select array[case when g % 3 = 0 then 'sales@shannon-insurance.ie' else c.email end],
             case when g % 3 = 0 then 'Callback request: ' || c.name else 'We have your request, ' || c.name end,
             case when c.created_at < now() - interval '30 days' then '' else 'Seeded mail ' || g end,
             '<seed-' || g || '@outbox>', 'contact:' || c.id,
             case when g % 50 = 0 then 'failed' else 'sent' end, 1,
             case when g % 50 = 0 then null else c.created_at end, case when g % 50 = 0 then c.created_at end,
             case when g % 50 = 0 then 'sales@shannon-insurance.ie: refused (550 mailbox unavailable)' end, c.created_at
      from (select c.*, ${from} - 1 + row_number() over (order by c.created_at, c.id) as g
            from (select * from contacts order by created_at, id offset ${from - 1} limit ${to - from + 1}) as c) as c`,
  );

  // Fresh statistics for the planner, and the visibility map that lets index-only scans skip the table.
  console.log('vacuum analyze…');
  await client.query('vacuum analyze contacts');
  await client.query('vacuum analyze leads');
  await client.query('vacuum analyze audit_log');
  await client.query('vacuum analyze outbox');
  const totals = { contacts: await counted('contacts'), leads: await counted('leads'), audit: await counted('audit_log'), mail: await counted('outbox') };
  console.log(
    `done in ${((performance.now() - began) / 1000).toFixed(0)} s: ${totals.contacts.toLocaleString('en-IE')} contacts, ${totals.leads.toLocaleString('en-IE')} leads, ${totals.audit.toLocaleString('en-IE')} audit entries, ${totals.mail.toLocaleString('en-IE')} mails`,
  );
} finally {
  await client.end();
}
