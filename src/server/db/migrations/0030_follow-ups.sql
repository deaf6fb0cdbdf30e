ALTER TABLE "contacts" ADD COLUMN "next_step" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "next_step_due" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_step" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "next_step_due" date;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "premium" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "insurer" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_follow_up_created_idx" ON "contacts" USING btree ("created_at","id","next_step_due") WHERE "contacts"."next_step_due" is not null;--> statement-breakpoint
CREATE INDEX "contacts_follow_up_due_idx" ON "contacts" USING btree ("next_step_due","owner_id") WHERE "contacts"."next_step_due" is not null;--> statement-breakpoint
CREATE INDEX "contacts_email_lower_idx" ON "contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_follow_up_created_idx" ON "leads" USING btree ("created_at","id","kind","status","next_step_due") WHERE "leads"."next_step_due" is not null;--> statement-breakpoint
CREATE INDEX "leads_follow_up_due_idx" ON "leads" USING btree ("next_step_due","owner_id") WHERE "leads"."next_step_due" is not null;--> statement-breakpoint
CREATE INDEX "leads_email_lower_idx" ON "leads" USING btree (lower("email"));