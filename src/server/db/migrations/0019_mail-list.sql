-- A mail's addresses (to, then cc) as one text, for the Mail screen's search, its trigram
-- index and the stored search_text. array_to_string is marked stable (an array's elements could
-- print by the session's settings), so it cannot be indexed; for text elements it depends on
-- nothing, so this is immutable.
CREATE FUNCTION "outbox_addresses"("to" text[], "cc" text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN array_to_string("to" || "cc", ' ');--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("subject" || chr(31) || outbox_addresses("to", "cc"))) STORED;--> statement-breakpoint
CREATE INDEX "outbox_created_id_idx" ON "outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_status_created_idx" ON "outbox" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_subject_trgm_idx" ON "outbox" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_addresses_trgm_idx" ON "outbox" USING gin (outbox_addresses("to", "cc") gin_trgm_ops);