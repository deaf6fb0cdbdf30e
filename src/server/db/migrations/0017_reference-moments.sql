ALTER TABLE "reference_counters" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
-- Requests stored before this migration have their transaction's start as their moment: one
-- that began first but waited for the counter could have the later number and the earlier
-- moment. Each such moment becomes a microsecond after the one before it in its series
-- (prefix and year, in the order the numbers were given: at most the time it waited), so
-- every series is in order, as the ones made from now on are (src/server/leads/reference.ts).
UPDATE "leads" SET "created_at" = "ordered"."in_order"
FROM (
  SELECT "id", max("created_at" - "n" * interval '1 microsecond') OVER (PARTITION BY "series" ORDER BY "n") + "n" * interval '1 microsecond' AS "in_order"
  FROM (
    SELECT "id", "created_at", split_part("reference", '-', 1) || '-' || split_part("reference", '-', 2) AS "series",
      row_number() OVER (PARTITION BY split_part("reference", '-', 1) || '-' || split_part("reference", '-', 2) ORDER BY length("reference"), "reference" COLLATE "C") AS "n"
    FROM "leads"
  ) AS "numbered"
) AS "ordered"
WHERE "leads"."id" = "ordered"."id" AND "leads"."created_at" <> "ordered"."in_order";--> statement-breakpoint
-- The last number's moment in each series, which the next one's follows.
UPDATE "reference_counters" SET "last_at" = "series"."last_at"
FROM (
  SELECT split_part("reference", '-', 1) AS "prefix", split_part("reference", '-', 2) AS "year", max("created_at") AS "last_at" FROM "leads" GROUP BY 1, 2
) AS "series"
WHERE "reference_counters"."prefix" = "series"."prefix" AND "reference_counters"."year"::text = "series"."year";
