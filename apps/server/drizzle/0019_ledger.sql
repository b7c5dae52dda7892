CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"organisation_id" uuid,
	"application_id" uuid,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_postings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"organisation_id" uuid,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "ledger_postings_account_owner" CHECK (("ledger_postings"."account" in ('organisation_pending', 'organisation_available')) = ("ledger_postings"."organisation_id" is not null)),
	CONSTRAINT "ledger_postings_amount_nonzero" CHECK ("ledger_postings"."amount" <> 0),
	CONSTRAINT "ledger_postings_currency_upper" CHECK ("ledger_postings"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_organisation_idx" ON "ledger_entries" USING btree ("organisation_id","occurred_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_application_idx" ON "ledger_entries" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_organisation_idx" ON "ledger_postings" USING btree ("organisation_id","account","currency");--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_known" CHECK ("account" in ('payments_in_flight', 'organisation_pending', 'organisation_available', 'platform_fees', 'processor_fees'));--> statement-breakpoint
-- The books are append-only: a correction is a new entry.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
-- Checked at commit, once all of an entry's postings are in: at least two, summing to zero in
-- each currency.
CREATE FUNCTION ledger_entry_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry uuid;
  unbalanced text;
BEGIN
  IF TG_TABLE_NAME = 'ledger_entries' THEN
    entry := NEW.id;
  ELSE
    entry := NEW.entry_id;
  END IF;
  IF (SELECT count(*) FROM ledger_postings WHERE entry_id = entry) < 2 THEN
    RAISE EXCEPTION 'ledger entry % has fewer than two postings', entry
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT currency INTO unbalanced FROM ledger_postings WHERE entry_id = entry
    GROUP BY currency HAVING sum(amount) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger entry % does not balance in %', entry, unbalanced
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balance AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balance AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_balances();
