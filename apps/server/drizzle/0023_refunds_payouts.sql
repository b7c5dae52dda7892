CREATE TABLE "ledger_organisation_balances" (
	"organisation_id" uuid NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_organisation_balances_organisation_id_account_currency_pk" PRIMARY KEY("organisation_id","account","currency")
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"message" text,
	"amount" bigint NOT NULL,
	"decision_note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"processing_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"opportunity_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"request_id" uuid,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"requested_by" uuid,
	"provider_refund_id" text,
	"idempotency_key" text NOT NULL,
	"failure_reason" text,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "answer_by_warnings" (
	"opportunity_id" uuid NOT NULL,
	"hours_left" bigint NOT NULL,
	"answer_by" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_early_releases" (
	"opportunity_id" uuid PRIMARY KEY NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"description" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"provider_payout_id" text,
	"idempotency_key" text NOT NULL,
	"failure_code" text,
	"arrival_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_provider_payout_id_unique" UNIQUE("provider_payout_id"),
	CONSTRAINT "payouts_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "answer_by_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD COLUMN "payout_interval" text DEFAULT 'WEEKLY' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payer_email" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "share_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_request_id_refund_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."refund_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answer_by_warnings" ADD CONSTRAINT "answer_by_warnings_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_early_releases" ADD CONSTRAINT "payout_early_releases_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_early_releases" ADD CONSTRAINT "payout_early_releases_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_requests_opportunity_idx" ON "refund_requests" USING btree ("opportunity_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_requests_application_idx" ON "refund_requests" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_one_open_key" ON "refund_requests" USING btree ("application_id") WHERE "refund_requests"."status" in ('REQUESTED', 'APPROVED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_opportunity_idx" ON "refunds" USING btree ("opportunity_id","succeeded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_pending_key" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "answer_by_warnings_key" ON "answer_by_warnings" USING btree ("opportunity_id","hours_left","answer_by");--> statement-breakpoint
CREATE INDEX "payouts_organisation_idx" ON "payouts" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("updated_at") WHERE "payouts"."status" in ('PENDING', 'IN_TRANSIT');--> statement-breakpoint
CREATE INDEX "payments_unreleased_idx" ON "payments" USING btree ("opportunity_id") WHERE "payments"."released_at" is null and "payments"."status" in ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL') and "payments"."method" = 'INTERNAL_PAYMENT';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."amount_refunded" between 0 and "payments"."amount" and "payments"."share_refunded" between 0 and "payments"."amount_refunded");--> statement-breakpoint
INSERT INTO "ledger_organisation_balances" ("organisation_id", "account", "currency", "amount")
SELECT "organisation_id", "account", "currency", sum("amount") FROM "ledger_postings"
WHERE "organisation_id" IS NOT NULL GROUP BY "organisation_id", "account", "currency";--> statement-breakpoint
UPDATE "payments" p SET "payer_name" = coalesce(a."name", ''), "payer_email" = a."email"
FROM "applications" a WHERE a."id" = p."application_id";
