CREATE TABLE "payment_revenue_days" (
	"opportunity_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"day" date NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_revenue_days_opportunity_id_currency_day_pk" PRIMARY KEY("opportunity_id","currency","day")
);
--> statement-breakpoint
CREATE TABLE "payment_revenue_shares" (
	"opportunity_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_revenue_shares_opportunity_id_currency_pk" PRIMARY KEY("opportunity_id","currency")
);
--> statement-breakpoint
INSERT INTO "payment_revenue_days" ("opportunity_id", "currency", "day", "paid_count", "collected", "refunded")
SELECT "opportunity_id", "currency", "day", sum("paid_count"), sum("collected"), sum("refunded") FROM (
  SELECT "opportunity_id", "currency", ("succeeded_at" AT TIME ZONE 'UTC')::date AS "day", 1 AS "paid_count", "amount" AS "collected", 0 AS "refunded"
  FROM "payments" WHERE "status" IN ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL') AND "succeeded_at" IS NOT NULL
  UNION ALL
  SELECT "opportunity_id", "currency", ("succeeded_at" AT TIME ZONE 'UTC')::date, 0, 0, "amount"
  FROM "refunds" WHERE "status" = 'SUCCEEDED' AND "succeeded_at" IS NOT NULL
) AS "moves" GROUP BY "opportunity_id", "currency", "day";--> statement-breakpoint
INSERT INTO "payment_revenue_shares" ("opportunity_id", "currency", "pending", "available")
SELECT "opportunity_id", "currency",
  coalesce(sum("amount" - "platform_fee" - "share_refunded") FILTER (WHERE "released_at" IS NULL), 0),
  coalesce(sum("amount" - "platform_fee" - "share_refunded") FILTER (WHERE "released_at" IS NOT NULL), 0)
FROM "payments" WHERE "method" = 'INTERNAL_PAYMENT' AND "status" IN ('SUCCEEDED', 'REFUNDED', 'REFUND_FAIL')
GROUP BY "opportunity_id", "currency";
