ALTER TABLE "posts" ADD COLUMN "seo_canonical" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "seo_hidden" boolean DEFAULT false NOT NULL;