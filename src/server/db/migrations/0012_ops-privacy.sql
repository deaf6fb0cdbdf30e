CREATE INDEX "leads_updated_at_idx" ON "leads" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "outbox_ref_idx" ON "outbox" USING btree ("ref");--> statement-breakpoint
CREATE INDEX "outbox_body_kept_idx" ON "outbox" USING btree ("created_at") WHERE "outbox"."text" <> '';--> statement-breakpoint
-- The audit log keeps record ids, never the people's data: addresses written by earlier versions go.
UPDATE "audit_log" SET "details" = "details" - 'from' - 'to' WHERE "action" IN ('email change requested', 'email changed');--> statement-breakpoint
UPDATE "audit_log" SET "details" = "details" - 'email' WHERE "action" = 'user deleted';--> statement-breakpoint
-- A lead export's search words may be a name or an address: the entry says only that there were some.
UPDATE "audit_log" SET "details" = jsonb_set("details" #- '{filter,q}', '{filter,searched}', 'true') WHERE "action" = 'leads exported' AND "details" #> '{filter,q}' IS NOT NULL;
