import { sql } from 'drizzle-orm';
import { contactStatuses } from '#src/schemas/contact-statuses.ts';
import { leadStatuses } from '#src/schemas/leads/index.ts';
import { BUSINESS_TIME_ZONE } from '#src/lib/dublin-time.ts';
import { DASHBOARD_CHART_DAYS, RENEWALS_DUE_DAYS, type DashboardArea, type DashboardView } from '#src/schemas/dashboard.ts';
import type { Db } from '../db/client.ts';
import { dublinToday, FINISHED_STATUSES } from '../pipeline/follow-ups.ts';
import { contactViewCounts } from '../contacts/queries.ts';
import { leadViewCounts } from '../leads/queries.ts';
import { quoteKinds } from '#src/schemas/leads/index.ts';

/** How many of the renewals due and the items needing attention the dashboard lists (the totals count them all). */
export const DASHBOARD_LIST_LIMIT = 10;

type Rows<T> = { rows: T[] };
const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
/** Where a request belongs on the dashboard: callbacks are contacts; leads are renewals or quotes by kind. */
const areaOfLead = sql`case when l.kind = 'renewal' then 'renewals' else 'quotes' end`;

const toInt = (value: unknown) => Number(value ?? 0);

/**
 * Everything the dashboard shows, in six statements over one snapshot (a repeatable-read
 * transaction), with Dublin's day, week (from Monday) and month boundaries.
 */
export async function dashboardFigures(db: Db, viewerId: string): Promise<Omit<DashboardView, 'privacyDue'>> {
  return db.transaction(
    async (tx) => {
      // 1. Today's date and period starts, new requests per period (and in the same days of the
      //    week before, for the week's trend), and counts by status.
      const counts = (await tx.execute(sql`
        with bounds as (
          select (now() at time zone ${zone})::date as today,
                 date_trunc('week', now() at time zone ${zone})::date as week_start,
                 date_trunc('month', now() at time zone ${zone})::date as month_start
        ),
        requests as (
          select 'callbacks' as area, c.status, c.created_at from contacts c
          union all
          select ${areaOfLead}, l.status, l.created_at from leads l
        )
        select r.area, r.status, b.today::text as today, b.week_start::text as week_start, b.month_start::text as month_start,
               count(*) filter (where (r.created_at at time zone ${zone})::date >= b.today) as today_count,
               count(*) filter (where (r.created_at at time zone ${zone})::date >= b.week_start) as week_count,
               count(*) filter (where (r.created_at at time zone ${zone})::date >= b.month_start) as month_count,
               count(*) filter (where (r.created_at at time zone ${zone})::date between b.week_start - 7 and b.today - 7) as week_before_count,
               count(r.area) as total
        from bounds b left join requests r on true
        group by r.area, r.status, b.today, b.week_start, b.month_start
      `)) as Rows<{
        area: string | null;
        status: string | null;
        today: string;
        week_start: string;
        month_start: string;
        today_count: unknown;
        week_count: unknown;
        month_count: unknown;
        week_before_count: unknown;
        total: unknown;
      }>;

      // 2. Requests per Dublin day over the chart's days, every day present.
      const perDay = (await tx.execute(sql`
        with days as (
          select generate_series((now() at time zone ${zone})::date - ${DASHBOARD_CHART_DAYS - 1}::int, (now() at time zone ${zone})::date, interval '1 day')::date as day
        ),
        requests as (
          select 'callbacks' as area, (c.created_at at time zone ${zone})::date as day from contacts c
          where c.created_at >= now() - make_interval(days => ${DASHBOARD_CHART_DAYS + 1}::int)
          union all
          select ${areaOfLead}, (l.created_at at time zone ${zone})::date from leads l
          where l.created_at >= now() - make_interval(days => ${DASHBOARD_CHART_DAYS + 1}::int)
        )
        select d.day::text as day,
               count(r.area) filter (where r.area = 'callbacks') as callbacks,
               count(r.area) filter (where r.area = 'quotes') as quotes,
               count(r.area) filter (where r.area = 'renewals') as renewals
        from days d left join requests r on r.day = d.day
        group by d.day order by d.day
      `)) as Rows<{ day: string; callbacks: unknown; quotes: unknown; renewals: unknown }>;

      // 3. Open renewals whose renewal date falls in the next days (a date kept as YYYY-MM-DD in the answers).
      const due = (await tx.execute(sql`
        select l.id, l.reference, l.name, l.answers->>'renewalDate' as renewal_date, count(*) over () as total
        from leads l
        where l.kind = 'renewal' and l.status not in ('won', 'lost')
          and l.answers->>'renewalDate' ~ '^\\d{4}-\\d{2}-\\d{2}$'
          and (l.answers->>'renewalDate')::date between (now() at time zone ${zone})::date
                                                     and (now() at time zone ${zone})::date + ${RENEWALS_DUE_DAYS}::int
        order by renewal_date, l.reference
        limit ${DASHBOARD_LIST_LIMIT}
      `)) as Rows<{ id: string; reference: string; name: string; renewal_date: string; total: unknown }>;

      // 4. New and untouched (no status change or note) for more than a working day: older than
      //    this time on the previous working day (Monday looks back to Friday, Sunday to Friday
      //    too). Callbacks and requests alike; a callback's "reference" is the word Callback.
      const workingDayAgo = sql`now() - case extract(isodow from now() at time zone ${zone})
                                  when 1 then interval '3 days' when 7 then interval '2 days' else interval '1 day' end`;
      const attention = (await tx.execute(sql`
        with waiting as (
          select l.id, ${areaOfLead} as area, l.reference, l.name, l.created_at
          from leads l
          where l.status = 'new'
            -- the history's first step, the request received from the website, is not a touch
            and not exists (select 1 from lead_events e where e.lead_id = l.id
                              and not (e.user_id is null and e.from_status is null and e.to_status is not distinct from 'new'))
            and l.created_at < ${workingDayAgo}
          union all
          select c.id, 'callbacks', 'Callback', c.name, c.created_at
          from contacts c
          where c.status = 'new'
            and not exists (select 1 from contact_events e where e.contact_id = c.id)
            and c.created_at < ${workingDayAgo}
        )
        select w.*, count(*) over () as total from waiting w
        order by w.created_at, w.id
        limit ${DASHBOARD_LIST_LIMIT}
      `)) as Rows<{ id: string; area: DashboardArea; reference: string; name: string; created_at: string | Date; total: unknown }>;

      // 5. Next steps due today or before on records still in play (each table read on its
      //    follow-up index), the viewer's own first, then the longest overdue.
      const followUps = (await tx.execute(sql`
        with due as (
          select c.id, 'callbacks' as area, 'Callback' as reference, c.name, c.created_at, c.next_step, c.next_step_due, c.owner_id
          from contacts c where c.next_step_due <= ${dublinToday} and c.status <> ${FINISHED_STATUSES.contact}
          union all
          select l.id, ${areaOfLead}, l.reference, l.name, l.created_at, l.next_step, l.next_step_due, l.owner_id
          from leads l where l.next_step_due <= ${dublinToday} and l.status <> ${FINISHED_STATUSES.lead}
        )
        select d.id, d.area, d.reference, d.name, d.created_at, d.next_step, d.next_step_due::text as next_step_due,
               nullif(trim(u.first_name || ' ' || u.last_name), '') as owner, d.owner_id is not distinct from ${viewerId}::uuid as mine,
               count(*) over () as total, count(*) filter (where d.owner_id is not distinct from ${viewerId}::uuid) over () as mine_total
        from due d left join users u on u.id = d.owner_id
        order by mine desc, d.next_step_due, d.created_at, d.id
        limit ${DASHBOARD_LIST_LIMIT}
      `)) as Rows<{
        id: string;
        area: DashboardArea;
        reference: string;
        name: string;
        created_at: string | Date;
        next_step: string;
        next_step_due: string;
        owner: string | null;
        mine: boolean;
        total: unknown;
        mine_total: unknown;
      }>;

      // 6. This month's pipeline value: requests moved to quoted (and still quoted, or since won)
      //    or to won (and still won) since the start of Dublin's month, read on the partial
      //    lead_events_priced_idx; each request counted once per status, with its premium.
      const pipeline = (await tx.execute(sql`
        with moved as (
          select distinct e.lead_id, e.to_status from lead_events e
          where e.to_status in ('quoted', 'won')
            and e.created_at >= (date_trunc('month', now() at time zone ${zone}) at time zone ${zone})
        )
        select m.to_status as status, count(*) as count, count(l.premium) as priced, coalesce(sum(l.premium), 0)::numeric(12, 2)::text as total
        from moved m join leads l on l.id = m.lead_id
        where l.status = m.to_status or (m.to_status = 'quoted' and l.status = 'won')
        group by m.to_status
      `)) as Rows<{ status: 'quoted' | 'won'; count: unknown; priced: unknown; total: string }>;
      const figure = (status: 'quoted' | 'won') => {
        const row = pipeline.rows.find((candidate) => candidate.status === status);
        return { count: toInt(row?.count), priced: toInt(row?.priced), total: row?.total ?? '0.00' };
      };

      const first = counts.rows[0]!;
      const period = () => ({ today: 0, week: 0, month: 0, weekBefore: 0 });
      const statuses = () => Object.fromEntries(leadStatuses.map((status) => [status, 0])) as Record<(typeof leadStatuses)[number], number>;
      const newRequests = { callbacks: period(), quotes: period(), renewals: period() };
      const statusCounts = {
        callbacks: Object.fromEntries(contactStatuses.map((status) => [status, 0])) as Record<(typeof contactStatuses)[number], number>,
        quotes: statuses(),
        renewals: statuses(),
      };
      for (const row of counts.rows) {
        if (!row.area) continue; // no requests at all: the one row holds only the dates
        const area = row.area as keyof typeof newRequests;
        newRequests[area].today += toInt(row.today_count);
        newRequests[area].week += toInt(row.week_count);
        newRequests[area].month += toInt(row.month_count);
        newRequests[area].weekBefore += toInt(row.week_before_count);
        if (area === 'callbacks' && row.status) statusCounts.callbacks[row.status as (typeof contactStatuses)[number]] = toInt(row.total);
        else if (area !== 'callbacks' && row.status) statusCounts[area][row.status as (typeof leadStatuses)[number]] = toInt(row.total);
      }
      return {
        today: first.today,
        weekStart: first.week_start,
        monthStart: first.month_start,
        newRequests,
        statusCounts,
        // In the same snapshot, as the lists count their views (the navigation's pills read them too).
        views: {
          callbacks: await contactViewCounts(tx, viewerId),
          quotes: await leadViewCounts(tx, quoteKinds, viewerId),
          renewals: await leadViewCounts(tx, ['renewal'], viewerId),
        },
        perDay: perDay.rows.map((row) => ({ day: row.day, callbacks: toInt(row.callbacks), quotes: toInt(row.quotes), renewals: toInt(row.renewals) })),
        renewalsDue: {
          total: toInt(due.rows[0]?.total),
          items: due.rows.map((row) => ({ _id: row.id, reference: row.reference, name: row.name, renewalDate: row.renewal_date })),
        },
        attention: {
          total: toInt(attention.rows[0]?.total),
          items: attention.rows.map((row) => ({
            _id: row.id,
            area: row.area,
            reference: row.reference,
            name: row.name,
            createdAt: new Date(row.created_at).toISOString(),
          })),
        },
        pipelineValue: { quoted: figure('quoted'), won: figure('won') },
        followUps: {
          total: toInt(followUps.rows[0]?.total),
          mine: toInt(followUps.rows[0]?.mine_total),
          items: followUps.rows.map((row) => ({
            _id: row.id,
            area: row.area,
            reference: row.reference,
            name: row.name,
            createdAt: new Date(row.created_at).toISOString(),
            nextStep: row.next_step,
            nextStepDue: row.next_step_due,
            owner: row.owner,
            mine: row.mine,
          })),
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
