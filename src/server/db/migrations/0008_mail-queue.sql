DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
-- Mail already queued keeps the Message-ID the sender used to derive from its id.
UPDATE "outbox" SET "message_id" = '<' || "id" || '@outbox>';--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "message_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
UPDATE "outbox" SET "status" = 'sent' WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "recipients" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "spent_challenges" ADD COLUMN "spent" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_idempotency_key" ON "contacts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_kind_idempotency_key" ON "leads" USING btree ("kind","idempotency_key");--> statement-breakpoint
CREATE INDEX "outbox_queued_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."status" = 'queued';