CREATE TABLE "post_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"saved" jsonb NOT NULL,
	"saved_by" uuid,
	"saved_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_revisions_post_idx" ON "post_revisions" USING btree ("post_id","saved_at");--> statement-breakpoint
-- Each post as it stands is its first revision, so history starts with what is there now.
INSERT INTO "post_revisions" ("post_id", "saved", "saved_by", "saved_at")
SELECT p."id",
  jsonb_build_object(
    'title', p."title", 'slug', p."slug", 'excerpt', p."excerpt", 'body', p."body", 'status', p."status",
    'publishedAt', coalesce(to_char(p."published_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ''),
    'coverImage', p."cover_image", 'coverAlt', p."cover_alt", 'seoTitle', p."seo_title", 'seoDescription', p."seo_description",
    'tags', coalesce((SELECT jsonb_agg(t."name" ORDER BY pt."position") FROM "post_tags" pt JOIN "tags" t ON t."id" = pt."tag_id" WHERE pt."post_id" = p."id"), '[]'::jsonb)
  ),
  p."author_id", p."updated_at"
FROM "posts" p;
