CREATE TABLE "premium_features" (
	"user_id" uuid NOT NULL,
	"feature" text NOT NULL,
	"expires_at" timestamp with time zone,
	"granted_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "premium_features_user_id_feature_pk" PRIMARY KEY("user_id","feature")
);
--> statement-breakpoint
CREATE TABLE "user_genres" (
	"user_id" uuid NOT NULL,
	"genre_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "user_genres_user_id_genre_id_pk" PRIMARY KEY("user_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "user_instruments" (
	"user_id" uuid NOT NULL,
	"instrument_id" text NOT NULL,
	"skill_level" text,
	"type_slugs" text[] DEFAULT '{}' NOT NULL,
	"style_slugs" text[] DEFAULT '{}' NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "user_instruments_user_id_instrument_id_pk" PRIMARY KEY("user_id","instrument_id")
);
--> statement-breakpoint
CREATE TABLE "user_user_types" (
	"user_id" uuid NOT NULL,
	"user_type_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "user_user_types_user_id_user_type_id_pk" PRIMARY KEY("user_id","user_type_id")
);
--> statement-breakpoint
CREATE TABLE "account_upgrade_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"organisation_name" text NOT NULL,
	"website" text,
	"message" text NOT NULL,
	"decided_by_id" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "other_instruments" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "premium_features" ADD CONSTRAINT "premium_features_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_features" ADD CONSTRAINT "premium_features_granted_by_id_users_id_fk" FOREIGN KEY ("granted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_genres" ADD CONSTRAINT "user_genres_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_genres" ADD CONSTRAINT "user_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_instruments" ADD CONSTRAINT "user_instruments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_instruments" ADD CONSTRAINT "user_instruments_instrument_id_instruments_id_fk" FOREIGN KEY ("instrument_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_user_types" ADD CONSTRAINT "user_user_types_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_user_types" ADD CONSTRAINT "user_user_types_user_type_id_user_types_id_fk" FOREIGN KEY ("user_type_id") REFERENCES "public"."user_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_upgrade_requests" ADD CONSTRAINT "account_upgrade_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_upgrade_requests" ADD CONSTRAINT "account_upgrade_requests_decided_by_id_users_id_fk" FOREIGN KEY ("decided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_genres_genre_idx" ON "user_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE INDEX "user_instruments_instrument_idx" ON "user_instruments" USING btree ("instrument_id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_upgrade_requests_one_pending_idx" ON "account_upgrade_requests" USING btree ("user_id") WHERE "account_upgrade_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "account_upgrade_requests_status_idx" ON "account_upgrade_requests" USING btree ("status","created_at");