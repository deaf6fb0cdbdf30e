DROP INDEX "contacts_owner_idx";--> statement-breakpoint
DROP INDEX "leads_owner_idx";--> statement-breakpoint
CREATE INDEX "contacts_owner_created_idx" ON "contacts" USING btree ("owner_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "contacts_unowned_created_idx" ON "contacts" USING btree ("created_at","id","status") WHERE "contacts"."owner_id" is null;--> statement-breakpoint
CREATE INDEX "leads_owner_created_idx" ON "leads" USING btree ("owner_id","created_at","id","kind","status");--> statement-breakpoint
CREATE INDEX "leads_unowned_created_idx" ON "leads" USING btree ("created_at","id","kind","status") WHERE "leads"."owner_id" is null;