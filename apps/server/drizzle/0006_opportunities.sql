CREATE TABLE "opportunities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"slug" "citext" NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"description" text,
	"venue" text,
	"street" text,
	"city_id" text,
	"country_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"time_zone" text NOT NULL,
	"deadline_at" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"publish_at" timestamp with time zone,
	"time_visibility" jsonb DEFAULT '{"start_time":true,"end_time":true,"deadline_time":true}'::jsonb NOT NULL,
	"types" text[] DEFAULT '{}' NOT NULL,
	"genres" text[] DEFAULT '{}' NOT NULL,
	"instruments" text[] DEFAULT '{}' NOT NULL,
	"target" text[] DEFAULT '{}' NOT NULL,
	"experience_level" text[] DEFAULT '{}' NOT NULL,
	"languages" text[] DEFAULT '{}' NOT NULL,
	"target_countries" text[] DEFAULT '{}' NOT NULL,
	"min_age" integer,
	"max_age" integer,
	"media_file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"gallery_file_ids" uuid[] DEFAULT '{}' NOT NULL,
	"logo_file_id" uuid,
	"video_links" text[] DEFAULT '{}' NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"is_virtual" boolean DEFAULT false NOT NULL,
	"is_worldwide" boolean DEFAULT false NOT NULL,
	"approval_type" text DEFAULT 'ON_REVIEW' NOT NULL,
	"payment_type" text DEFAULT 'FREE' NOT NULL,
	"external_payment_url" text,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "opportunities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "opportunity_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"user_id" uuid,
	"email" "citext" NOT NULL,
	"role" text NOT NULL,
	"permissions" text[] NOT NULL,
	"status" text DEFAULT 'accepted' NOT NULL,
	"invitation_token_hash" text,
	"invited_by_id" uuid,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_members_invitation_token_hash_unique" UNIQUE("invitation_token_hash")
);
--> statement-breakpoint
CREATE TABLE "opportunity_payment_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"cost" integer NOT NULL,
	"currency" text NOT NULL,
	"slots" integer,
	"deadline_at" timestamp with time zone,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opportunity_slug_redirects" (
	"slug" "citext" PRIMARY KEY NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_events" ADD CONSTRAINT "opportunity_events_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_events" ADD CONSTRAINT "opportunity_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_members" ADD CONSTRAINT "opportunity_members_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_members" ADD CONSTRAINT "opportunity_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_members" ADD CONSTRAINT "opportunity_members_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_payment_options" ADD CONSTRAINT "opportunity_payment_options_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_slug_redirects" ADD CONSTRAINT "opportunity_slug_redirects_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_organisation_idx" ON "opportunities" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunities_status_idx" ON "opportunities" USING btree ("status");--> statement-breakpoint
CREATE INDEX "opportunities_published_idx" ON "opportunities" USING btree ("published_at") WHERE "opportunities"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "opportunity_events_opp_idx" ON "opportunity_events" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_members_opp_user_key" ON "opportunity_members" USING btree ("opportunity_id","user_id") WHERE "opportunity_members"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_members_opp_email_key" ON "opportunity_members" USING btree ("opportunity_id","email");--> statement-breakpoint
CREATE INDEX "opportunity_members_user_idx" ON "opportunity_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "opportunity_payment_options_opportunity_idx" ON "opportunity_payment_options" USING btree ("opportunity_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_payment_options_code_key" ON "opportunity_payment_options" USING btree ("opportunity_id","code");--> statement-breakpoint
-- The lifecycle of docs/decisions.md ("Opportunities"), in one place: every read asks this with
-- the request's clock, so a state is never stale; the lifecycle job stores it to spot transitions.
CREATE FUNCTION opportunity_status_at(
  published_at timestamptz,
  publish_at timestamptz,
  deadline_at timestamptz,
  starts_at timestamptz,
  ends_at timestamptz,
  closed_at timestamptz,
  archived_at timestamptz,
  deleted_at timestamptz,
  at timestamptz
) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN deleted_at IS NOT NULL THEN 'DELETED'
    WHEN archived_at IS NOT NULL THEN 'ARCHIVED'
    WHEN published_at IS NULL THEN 'DRAFT'
    WHEN ends_at <= at THEN 'ARCHIVED'
    WHEN publish_at > at THEN 'SCHEDULED'
    WHEN closed_at IS NOT NULL THEN 'CLOSED'
    WHEN starts_at <= at THEN 'ACTIVE'
    WHEN deadline_at <= at THEN 'CLOSED'
    ELSE 'PUBLISHED'
  END
$$;
