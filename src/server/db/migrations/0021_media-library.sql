ALTER TABLE "media" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "caption" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_cover_image_idx" ON "posts" USING btree ("cover_image") WHERE "posts"."cover_image" <> '';