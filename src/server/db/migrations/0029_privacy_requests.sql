CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"received_on" date NOT NULL,
	"due_on" date NOT NULL,
	"extended_months" smallint DEFAULT 0 NOT NULL,
	"extension_reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"queue" text GENERATED ALWAYS AS (case when "status" = 'open' then '0' else '1' end) STORED,
	"note" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"completed_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_requests" ADD CONSTRAINT "privacy_requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "privacy_requests_reference_key" ON "privacy_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "privacy_requests_queue_idx" ON "privacy_requests" USING btree ("queue","due_on","created_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_received_idx" ON "privacy_requests" USING btree ("received_on","created_at","id");--> statement-breakpoint
CREATE INDEX "privacy_requests_email_idx" ON "privacy_requests" USING btree (lower("email"));