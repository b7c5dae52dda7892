CREATE TABLE "cities" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"country_code" text NOT NULL,
	"admin_code" text,
	"population" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"names" jsonb NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"independent" boolean NOT NULL,
	"currency" text
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"parent_id" text,
	"types" text[] NOT NULL,
	"styles" text[] NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_type_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category_id" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_country_code_countries_code_fk" FOREIGN KEY ("country_code") REFERENCES "public"."countries"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "genres" ADD CONSTRAINT "genres_parent_id_genres_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."genres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instruments" ADD CONSTRAINT "instruments_parent_id_instruments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."instruments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_category_id_user_type_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."user_type_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_search_name_prefix_idx" ON "cities" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cities_search_name_trgm_idx" ON "cities" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cities_population_idx" ON "cities" USING btree ("population" desc);--> statement-breakpoint
CREATE INDEX "cities_country_code_idx" ON "cities" USING btree ("country_code");--> statement-breakpoint
CREATE INDEX "genres_parent_id_idx" ON "genres" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "instruments_parent_id_idx" ON "instruments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "user_types_category_id_idx" ON "user_types" USING btree ("category_id");