-- Trigram matching for the staff searches (ILIKE '%…%'); PGlite loads the same extension (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "audit_log_created_at_idx";--> statement-breakpoint
DROP INDEX "contacts_created_at_idx";--> statement-breakpoint
DROP INDEX "leads_kind_created_idx";--> statement-breakpoint
DROP INDEX "leads_status_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "audit_log_created_id_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_created_idx" ON "audit_log" USING btree ("actor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_trgm_idx" ON "audit_log" USING gin ("action" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_created_id_idx" ON "contacts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_phone_trgm_idx" ON "contacts" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_subject_trgm_idx" ON "contacts" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_message_trgm_idx" ON "contacts" USING gin ("message" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_kind_created_id_idx" ON "leads" USING btree ("kind","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_kind_status_created_idx" ON "leads" USING btree ("kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_quotes_created_idx" ON "leads" USING btree ("created_at","id") WHERE "leads"."kind" <> 'renewal';--> statement-breakpoint
CREATE INDEX "leads_quotes_status_created_idx" ON "leads" USING btree ("status","created_at","id") WHERE "leads"."kind" <> 'renewal';--> statement-breakpoint
CREATE INDEX "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_reference_trgm_idx" ON "leads" USING gin ("reference" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_registration_trgm_idx" ON "leads" USING gin (replace("registration", '-', '') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_list_idx" ON "posts" USING btree (coalesce("published_at", 'infinity'::timestamptz),"created_at","id");--> statement-breakpoint
CREATE INDEX "posts_status_list_idx" ON "posts" USING btree ("status",coalesce("published_at", 'infinity'::timestamptz),"created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_updated_at_idx" ON "contacts" USING btree ("updated_at");
