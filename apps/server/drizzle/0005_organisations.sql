CREATE TABLE "organisation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"member_email" "citext",
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_slug_redirects" (
	"slug" "citext" PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_members" DROP CONSTRAINT "organisation_members_organisation_id_user_id_pk";--> statement-breakpoint
ALTER TABLE "organisation_members" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "email" "citext";--> statement-breakpoint
UPDATE "organisation_members" SET "email" = "users"."email" FROM "users" WHERE "users"."id" = "organisation_members"."user_id";--> statement-breakpoint
ALTER TABLE "organisation_members" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "invited_by_id" uuid;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "social_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation_events" ADD CONSTRAINT "organisation_events_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_events" ADD CONSTRAINT "organisation_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_slug_redirects" ADD CONSTRAINT "organisation_slug_redirects_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_events_org_idx" ON "organisation_events" USING btree ("organisation_id","created_at");--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_org_user_key" ON "organisation_members" USING btree ("organisation_id","user_id") WHERE "organisation_members"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_members_org_email_key" ON "organisation_members" USING btree ("organisation_id","email");--> statement-breakpoint
CREATE INDEX "organisation_members_email_idx" ON "organisation_members" USING btree ("email");--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_invitation_token_hash_unique" UNIQUE("invitation_token_hash");