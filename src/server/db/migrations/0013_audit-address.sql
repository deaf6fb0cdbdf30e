ALTER TABLE "audit_log" ADD COLUMN "address" text;--> statement-breakpoint
CREATE INDEX "audit_log_address_idx" ON "audit_log" USING btree ("address","created_at");