-- The kind of each history entry (a status change or note, a next step set, done or cleared, an
-- outcome) and its facts, for a record's timeline; existing entries are status changes and notes.
-- And the requests moved to quoted or won by day, for the dashboard's pipeline value.
ALTER TABLE "contact_events" ADD COLUMN "kind" text DEFAULT 'pipeline' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "kind" text DEFAULT 'pipeline' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_events" ADD COLUMN "detail" jsonb;--> statement-breakpoint
CREATE INDEX "lead_events_priced_idx" ON "lead_events" USING btree ("created_at","lead_id","to_status") WHERE "lead_events"."to_status" in ('quoted', 'won');
