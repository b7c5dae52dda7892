CREATE TABLE "local_processor_account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"return_url" text NOT NULL,
	"refresh_url" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_processor_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"country" text,
	"business_type" text,
	"default_currency" text,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"rejected_reason" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_processor_accounts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "local_processor_balance_transactions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"available_on" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_processor_external_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"holder_name" text,
	"last4" text NOT NULL,
	"routing_number" text,
	"account_type" text,
	"default_for_currency" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_processor_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"application_fee_amount" bigint NOT NULL,
	"destination" text NOT NULL,
	"status" text NOT NULL,
	"client_secret" text NOT NULL,
	"description" text NOT NULL,
	"last_payment_error" jsonb,
	"pending_card_last4" text,
	"processor_fee" bigint,
	"card_last4" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "local_processor_account_links" ADD CONSTRAINT "local_processor_account_links_account_id_local_processor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."local_processor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_processor_balance_transactions" ADD CONSTRAINT "local_processor_balance_transactions_account_id_local_processor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."local_processor_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_processor_external_accounts" ADD CONSTRAINT "local_processor_external_accounts_account_id_local_processor_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."local_processor_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_processor_payment_intents" ADD CONSTRAINT "local_processor_payment_intents_destination_local_processor_accounts_id_fk" FOREIGN KEY ("destination") REFERENCES "public"."local_processor_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_processor_balance_transactions_account_idx" ON "local_processor_balance_transactions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_processor_balance_transactions_source_key" ON "local_processor_balance_transactions" USING btree ("type","source");--> statement-breakpoint
CREATE INDEX "local_processor_external_accounts_account_idx" ON "local_processor_external_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "local_processor_payment_intents_idempotency_key" ON "local_processor_payment_intents" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "local_processor_payment_intents_destination_idx" ON "local_processor_payment_intents" USING btree ("destination");