-- Staff roles (docs/operations/security.md, Roles): `role` replaces the is_admin flag. An
-- Administrator stays one; every other account (a Standard user) becomes a Broker, who keeps
-- what a Standard user could reach. The API's isAdmin is now read from role = 'admin'.
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'broker' NOT NULL;--> statement-breakpoint
UPDATE "users" SET "role" = 'admin' WHERE "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('admin', 'broker', 'editor'));--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";
