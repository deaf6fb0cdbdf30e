-- The kind of each history entry (a status change or note, a next step set, done or cleared, an
-- outcome) and its facts, for a record's timeline. Existing entries are status changes and notes.
ALTER TABLE "contact_events" ADD COLUMN "kind" text DEFAULT 'pipeline' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "kind" text DEFAULT 'pipeline' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "detail" jsonb;
