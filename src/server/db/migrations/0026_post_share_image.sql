ALTER TABLE "posts" ADD COLUMN "seo_image" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_seo_image_idx" ON "posts" USING btree ("seo_image") WHERE "posts"."seo_image" <> '';