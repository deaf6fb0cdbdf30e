-- A privacy request's notes, one row each and never replaced, instead of the one note each save
-- overwrote. The note a request holds becomes its first note, so nothing stored is lost: written
-- by whoever last changed it and at that moment (the latest audit entry that changed the note,
-- or logged the request, which is when a note given with it was written), else by nobody known
-- at the request's last change. privacy_requests.note stays, unused, for a server of the previous
-- release running beside this one; a later release drops it.
CREATE TABLE "privacy_request_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "privacy_request_notes" ADD CONSTRAINT "privacy_request_notes_request_id_privacy_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."privacy_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_request_notes" ADD CONSTRAINT "privacy_request_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_request_notes_request_idx" ON "privacy_request_notes" USING btree ("request_id","created_at","id");--> statement-breakpoint
INSERT INTO "privacy_request_notes" ("request_id", "user_id", "body", "created_at")
SELECT r."id", w."actor_id", r."note", coalesce(w."created_at", r."updated_at")
FROM "privacy_requests" r
LEFT JOIN LATERAL (
  SELECT a."actor_id", a."created_at" FROM "audit_log" a
  WHERE a."target" = 'privacy-request:' || r."id"::text
    AND (a."action" = 'privacy request logged' OR (a."action" = 'privacy request updated' AND a."details" ->> 'noteChanged' = 'true'))
  ORDER BY a."created_at" DESC, a."id" DESC
  LIMIT 1
) w ON true
WHERE btrim(r."note") <> '';
