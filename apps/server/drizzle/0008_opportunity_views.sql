CREATE TABLE "opportunity_views" (
	"opportunity_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"day" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunity_views" ADD CONSTRAINT "opportunity_views_opportunity_id_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."opportunities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "opportunity_views_key" ON "opportunity_views" USING btree ("opportunity_id","day","viewer_key");