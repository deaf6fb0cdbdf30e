CREATE TABLE "spent_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "spent_challenges_expires_idx" ON "spent_challenges" USING btree ("expires_at");