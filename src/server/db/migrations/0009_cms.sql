CREATE TABLE "content_element_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"element_id" uuid NOT NULL,
	"previous_value" jsonb NOT NULL,
	"previous_config" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_elements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"field_type" text NOT NULL,
	"value" jsonb NOT NULL,
	"html" text,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published_value" jsonb,
	"published_html" text,
	"published_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"level" integer NOT NULL,
	"name_path" text NOT NULL,
	"id_path" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_builds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"error" text,
	"posts_signature" text,
	"folder" text,
	"queued_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_element_history" ADD CONSTRAINT "content_element_history_element_id_content_elements_id_fk" FOREIGN KEY ("element_id") REFERENCES "public"."content_elements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_element_history" ADD CONSTRAINT "content_element_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_elements" ADD CONSTRAINT "content_elements_section_id_content_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."content_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_elements" ADD CONSTRAINT "content_elements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_sections" ADD CONSTRAINT "content_sections_parent_id_content_sections_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."content_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_builds" ADD CONSTRAINT "site_builds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_element_history_element_idx" ON "content_element_history" USING btree ("element_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_elements_section_name_key" ON "content_elements" USING btree ("section_id","name");--> statement-breakpoint
CREATE INDEX "content_elements_section_idx" ON "content_elements" USING btree ("section_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "content_sections_name_path_key" ON "content_sections" USING btree ("name_path");--> statement-breakpoint
CREATE INDEX "content_sections_parent_idx" ON "content_sections" USING btree ("parent_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "site_builds_one_queued_key" ON "site_builds" USING btree ("status") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "site_builds_queued_at_idx" ON "site_builds" USING btree ("queued_at");