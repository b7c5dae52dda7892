CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" "citext" NOT NULL,
	"value" integer NOT NULL,
	"slots" integer,
	"used_slots" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_value_range" CHECK ("coupons"."value" between 1 and 100),
	CONSTRAINT "coupons_slots_positive" CHECK ("coupons"."slots" is null or "coupons"."slots" > 0),
	CONSTRAINT "coupons_used_within_slots" CHECK ("coupons"."used_slots" >= 0 and ("coupons"."slots" is null or "coupons"."used_slots" <= "coupons"."slots"))
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"country_code" text,
	"business_type" text,
	"default_currency" text,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"has_external_account" boolean DEFAULT false NOT NULL,
	"disabled_reason" text,
	"requirements_due" text[] DEFAULT '{}'::text[] NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_accounts_provider_account_id_unique" UNIQUE("provider_account_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"user_id" uuid,
	"payment_option_id" uuid,
	"coupon_id" uuid,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"option_title" text,
	"coupon_code" text,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"discount_percent" integer DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"amount" bigint NOT NULL,
	"platform_fee" bigint DEFAULT 0 NOT NULL,
	"processor_fee" bigint,
	"provider" text,
	"provider_intent_id" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"idempotency_key" text NOT NULL,
	"last_error_code" text,
	"last_error_message" text,
	"holds_slots" boolean DEFAULT false NOT NULL,
	"receipt_number" bigint,
	"receipt_token" text,
	"recorded_by" uuid,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_application_id_unique" UNIQUE("application_id"),
	CONSTRAINT "payments_provider_intent_id_unique" UNIQUE("provider_intent_id"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_receipt_token_unique" UNIQUE("receipt_token"),
	CONSTRAINT "payments_amounts" CHECK ("payments"."amount" = "payments"."price" - "payments"."discount"),
	CONSTRAINT "payments_discount_range" CHECK ("payments"."discount_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunity_payment_options" ADD COLUMN "filled_slots" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_option_id_opportunity_payment_options_id_fk" FOREIGN KEY ("payment_option_id") REFERENCES "public"."opportunity_payment_options"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_opportunity_code_key" ON "coupons" USING btree ("opportunity_id","code");--> statement-breakpoint
CREATE INDEX "payments_opportunity_idx" ON "payments" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_organisation_idx" ON "payments" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_unsettled_idx" ON "payments" USING btree ("updated_at") WHERE "payments"."status" in ('REQUIRES_CONFIRMATION', 'REQUIRES_ACTION', 'PROCESSING');--> statement-breakpoint
-- Receipts are numbered in the order payments succeed, without gaps a person would notice.
CREATE SEQUENCE "payment_receipt_numbers" START WITH 1001;--> statement-breakpoint
ALTER TABLE "opportunity_payment_options" ADD CONSTRAINT "opportunity_payment_options_filled_within_slots" CHECK ("filled_slots" >= 0 AND ("slots" IS NULL OR "filled_slots" <= "slots"));
