-- The About us page was seeded with template text as a link's address ({`/fraud-prevention-${siteToken}`}),
-- which the site rendered as a link to nowhere. Seeding never overwrites a stored value, so sites seeded
-- before the fix are repaired here: only a value still holding that exact text changes.
UPDATE "content_elements"
SET "value" = to_jsonb(replace("value" #>> '{}', '({`/fraud-prevention-${siteToken}`})', '(/fraud-prevention-{siteToken})'))
WHERE jsonb_typeof("value") = 'string' AND strpos("value" #>> '{}', '({`/fraud-prevention-${siteToken}`})') > 0;
--> statement-breakpoint
UPDATE "content_elements"
SET "published_value" = to_jsonb(replace("published_value" #>> '{}', '({`/fraud-prevention-${siteToken}`})', '(/fraud-prevention-{siteToken})'))
WHERE jsonb_typeof("published_value") = 'string' AND strpos("published_value" #>> '{}', '({`/fraud-prevention-${siteToken}`})') > 0;
