CREATE TABLE "local_processor_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"destination" text NOT NULL,
	"failure_code" text,
	"failure_message" text,
	"arrival_date" timestamp with time zone NOT NULL,
	"description" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_processor_payouts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_processor_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"transfer_reversal_amount" bigint NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_processor_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "local_processor_external_accounts" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_processor_external_accounts" ADD COLUMN "payout_failure_code" text;--> statement-breakpoint
ALTER TABLE "local_processor_external_accounts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "local_processor_payouts" ADD CONSTRAINT "local_processor_payouts_account_id_local_processor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."local_processor_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_processor_refunds" ADD CONSTRAINT "local_processor_refunds_intent_id_local_processor_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."local_processor_payment_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_processor_payouts_account_idx" ON "local_processor_payouts" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "local_processor_refunds_intent_idx" ON "local_processor_refunds" USING btree ("intent_id");--> statement-breakpoint
ALTER TABLE "local_processor_external_accounts" ADD CONSTRAINT "local_processor_external_accounts_idempotency_key_unique" UNIQUE("idempotency_key");