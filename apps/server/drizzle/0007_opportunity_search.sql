ALTER TABLE "opportunities" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "min_cost" integer;--> statement-breakpoint
CREATE INDEX "opportunities_deadline_idx" ON "opportunities" USING btree ("deadline_at");--> statement-breakpoint
CREATE INDEX "opportunities_genres_idx" ON "opportunities" USING gin ("genres");--> statement-breakpoint
CREATE INDEX "opportunities_types_idx" ON "opportunities" USING gin ("types");--> statement-breakpoint
CREATE INDEX "opportunities_instruments_idx" ON "opportunities" USING gin ("instruments");--> statement-breakpoint
CREATE INDEX "opportunities_target_countries_idx" ON "opportunities" USING gin ("target_countries");--> statement-breakpoint
CREATE INDEX "opportunities_search_text_idx" ON "opportunities" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- Where an opportunity is, for the radius search (earthdistance; the coordinates come from the city).
CREATE INDEX "opportunities_location_idx" ON "opportunities" USING gist (ll_to_earth("latitude", "longitude")) WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL;--> statement-breakpoint
-- The text the search reads: title, summary, description without its tags and the organisation's
-- name, lower-cased and without accents. unaccent() may not appear in an index expression (it is
-- only STABLE), so a trigger keeps it in a column; queries fold the search text the same way.
CREATE FUNCTION opportunity_search_text(
  title text, summary text, description text, organisation_id uuid
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(unaccent(concat_ws(' ',
    title,
    summary,
    regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'),
    (SELECT name FROM organisations WHERE id = organisation_id)
  )))
$$;--> statement-breakpoint
CREATE FUNCTION opportunities_keep_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := opportunity_search_text(NEW.title, NEW.summary, NEW.description, NEW.organisation_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunities_search_text BEFORE INSERT OR UPDATE OF title, summary, description, organisation_id
  ON opportunities FOR EACH ROW EXECUTE FUNCTION opportunities_keep_search_text();--> statement-breakpoint
CREATE FUNCTION organisations_refresh_opportunity_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE opportunities
    SET search_text = opportunity_search_text(title, summary, description, organisation_id)
    WHERE organisation_id = NEW.id;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER organisations_opportunity_search AFTER UPDATE OF name ON organisations
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION organisations_refresh_opportunity_search();--> statement-breakpoint
-- The cheapest price, for the price filter and sort: null for a free opportunity.
CREATE FUNCTION opportunity_min_cost(opportunity uuid, payment_type text) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN payment_type = 'FREE' THEN NULL ELSE (
    SELECT min(cost) FROM opportunity_payment_options WHERE opportunity_id = opportunity
  ) END
$$;--> statement-breakpoint
CREATE FUNCTION opportunities_keep_min_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.min_cost := opportunity_min_cost(NEW.id, NEW.payment_type);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunities_min_cost BEFORE INSERT OR UPDATE OF payment_type
  ON opportunities FOR EACH ROW EXECUTE FUNCTION opportunities_keep_min_cost();--> statement-breakpoint
CREATE FUNCTION payment_options_refresh_min_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE opportunities
    SET min_cost = opportunity_min_cost(id, payment_type)
    WHERE id = COALESCE(NEW.opportunity_id, OLD.opportunity_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunity_payment_options_min_cost AFTER INSERT OR UPDATE OR DELETE
  ON opportunity_payment_options FOR EACH ROW EXECUTE FUNCTION payment_options_refresh_min_cost();--> statement-breakpoint
UPDATE opportunities SET search_text = opportunity_search_text(title, summary, description, organisation_id);--> statement-breakpoint
UPDATE opportunities SET min_cost = opportunity_min_cost(id, payment_type);
