CREATE TABLE "opportunity_search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "opportunities_search_text_idx";--> statement-breakpoint
CREATE INDEX "opportunity_search_words_trgm_idx" ON "opportunity_search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- Columns only the search reads, generated from the row so they can never disagree with it: the
-- words of the search text ('simple' keeps every word as written; the text is already folded) and
-- the point on the earth, computed once per write instead of once per row a search looks at.
ALTER TABLE "opportunities"
  ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "search_text")) STORED,
  ADD COLUMN "earth_point" earth GENERATED ALWAYS AS (ll_to_earth("latitude", "longitude")) STORED;--> statement-breakpoint
-- Around a place, one index answers both the place and the words: the tree is ordered by place and
-- each entry carries a signature of its words, so only opportunities near the place that likely
-- contain the words reach the table.
DROP INDEX "opportunities_location_idx";--> statement-breakpoint
CREATE INDEX "opportunities_place_text_idx" ON "opportunities" USING gist ("earth_point", "search_vector") WHERE "earth_point" IS NOT NULL;--> statement-breakpoint
-- The text indexes are read by every search and written rarely: without the fast-update pending
-- list, a search never scans entries that wait for the next vacuum (and the planner, which counts
-- those pages, never turns away from the index because of them).
CREATE INDEX "opportunities_search_vector_idx" ON "opportunities" USING gin ("search_vector") WITH (fastupdate = off);--> statement-breakpoint
-- Virtual and worldwide opportunities join every search around a place: their own indexes, one for
-- their words and one for a search without words, keep that part from reading the others.
DROP INDEX "opportunities_virtual_idx";--> statement-breakpoint
DROP INDEX "opportunities_worldwide_idx";--> statement-breakpoint
CREATE INDEX "opportunities_anywhere_text_idx" ON "opportunities" USING gin ("search_vector") WITH (fastupdate = off) WHERE "is_virtual" OR "is_worldwide";--> statement-breakpoint
CREATE INDEX "opportunities_anywhere_idx" ON "opportunities" USING btree ("published_at") WHERE "is_virtual" OR "is_worldwide";--> statement-breakpoint
-- New words join the lexicon as opportunities are written: an insert statement adds the words of
-- all its rows in one pass (a bulk insert too), an update only those of a row whose words changed.
CREATE FUNCTION opportunities_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO opportunity_search_words (word)
    SELECT DISTINCT word FROM inserted, unnest(tsvector_to_array(inserted.search_vector)) AS word
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunities_search_words_on_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION opportunities_add_search_words();--> statement-breakpoint
CREATE FUNCTION opportunities_add_changed_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO opportunity_search_words (word)
    SELECT unnest(tsvector_to_array(NEW.search_vector))
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunities_search_words_on_update AFTER UPDATE ON opportunities FOR EACH ROW
  WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION opportunities_add_changed_search_words();--> statement-breakpoint
INSERT INTO opportunity_search_words (word)
  SELECT DISTINCT unnest(tsvector_to_array(search_vector)) FROM opportunities
  ON CONFLICT DO NOTHING;
