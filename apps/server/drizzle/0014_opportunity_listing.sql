CREATE TABLE "opportunity_listing_counts" (
	"within" text NOT NULL,
	"facet" text NOT NULL,
	"value" text NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "opportunity_listing_counts_within_facet_status_value_pk" PRIMARY KEY("within","facet","status","value")
);
--> statement-breakpoint
DROP INDEX "opportunities_status_idx";--> statement-breakpoint
DROP INDEX "opportunities_published_idx";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "status_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "status_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "status_as_of" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "opportunities_status_until_idx" ON "opportunities" USING btree ("status_until") WHERE "opportunities"."deleted_at" is null and "opportunities"."status_until" is not null;--> statement-breakpoint
CREATE INDEX "opportunities_status_from_idx" ON "opportunities" USING btree ("status_from") WHERE "opportunities"."deleted_at" is null and "opportunities"."status_from" is not null;--> statement-breakpoint
CREATE INDEX "opportunities_listed_recent_idx" ON "opportunities" USING btree ("published_at","created_at","id","status_from","status_until") WHERE "deleted_at" is null and not "is_private" and "status" in ('PUBLISHED', 'ACTIVE', 'CLOSED');--> statement-breakpoint
CREATE INDEX "opportunities_listed_alphabet_idx" ON "opportunities" USING btree (lower("title"),"id","status_from","status_until") WHERE "deleted_at" is null and not "is_private" and "status" in ('PUBLISHED', 'ACTIVE', 'CLOSED');--> statement-breakpoint
CREATE INDEX "opportunities_listed_price_idx" ON "opportunities" USING btree (coalesce("min_cost", 0),"id","status_from","status_until") WHERE "deleted_at" is null and not "is_private" and "status" in ('PUBLISHED', 'ACTIVE', 'CLOSED');--> statement-breakpoint
CREATE INDEX "opportunities_listed_deadline_idx" ON "opportunities" USING btree ("deadline_at","id","status_from","status_until") WHERE "deleted_at" is null and not "is_private" and "status" in ('PUBLISHED', 'ACTIVE', 'CLOSED');--> statement-breakpoint
CREATE INDEX "opportunities_listed_deadline_desc_idx" ON "opportunities" USING btree ("deadline_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"status_from","status_until") WHERE "deleted_at" is null and not "is_private" and "status" in ('PUBLISHED', 'ACTIVE', 'CLOSED');--> statement-breakpoint
CREATE INDEX "opportunities_listed_date_idx" ON "opportunities" USING btree ("starts_at","id","status_from","status_until") WHERE "deleted_at" is null and not "is_private" and "status" in ('PUBLISHED', 'ACTIVE', 'CLOSED');--> statement-breakpoint
CREATE INDEX "opportunities_listed_date_desc_idx" ON "opportunities" USING btree ("starts_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"status_from","status_until") WHERE "deleted_at" is null and not "is_private" and "status" in ('PUBLISHED', 'ACTIVE', 'CLOSED');--> statement-breakpoint
-- The instants at which an opportunity's status may change: its status is constant between two
-- of them. Without a publish decision, after archiving or deleting, it changes only by hand.
CREATE FUNCTION opportunity_status_span(
  published_at timestamptz,
  publish_at timestamptz,
  deadline_at timestamptz,
  starts_at timestamptz,
  ends_at timestamptz,
  archived_at timestamptz,
  deleted_at timestamptz,
  at timestamptz,
  OUT status_from timestamptz,
  OUT status_until timestamptz
) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT max(instant) FILTER (WHERE instant <= at), min(instant) FILTER (WHERE instant > at)
  FROM unnest(ARRAY[publish_at, deadline_at, starts_at, ends_at]) AS instant
  WHERE published_at IS NOT NULL AND archived_at IS NULL AND deleted_at IS NULL
$$;--> statement-breakpoint
-- Every write stores the status for the instant the writer names (`status_as_of`, the server's
-- clock) or, when it names none, for the instant the row was last worked out for; a new row
-- without one takes the database's. The span makes the stored status right for every instant in
-- it, whichever instant it was worked out for.
CREATE FUNCTION opportunities_store_status() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := coalesce(NEW.status_as_of, statement_timestamp());
BEGIN
  NEW.status_as_of := at;
  NEW.status := opportunity_status_at(NEW.published_at, NEW.publish_at, NEW.deadline_at,
    NEW.starts_at, NEW.ends_at, NEW.closed_at, NEW.archived_at, NEW.deleted_at, at);
  SELECT span.status_from, span.status_until INTO NEW.status_from, NEW.status_until
  FROM opportunity_status_span(NEW.published_at, NEW.publish_at, NEW.deadline_at, NEW.starts_at,
    NEW.ends_at, NEW.archived_at, NEW.deleted_at, at) AS span;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- An update that names none of the status's inputs leaves it as it is (a price, a picture).
CREATE TRIGGER opportunities_store_status BEFORE INSERT OR UPDATE OF status_as_of, published_at,
  publish_at, deadline_at, starts_at, ends_at, closed_at, archived_at, deleted_at, status
  ON opportunities FOR EACH ROW EXECUTE FUNCTION opportunities_store_status();--> statement-breakpoint
-- What one listable opportunity adds to the counts: itself in all, by each of its types and
-- genres and by its country, in all and within each of its types and genres.
CREATE FUNCTION opportunity_listing_keys(types text[], genres text[], country_code text)
RETURNS TABLE (within text, facet text, value text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT withins.within, facets.facet, facets.value
  FROM (
    SELECT '' AS within
    UNION ALL SELECT 'type:' || type FROM unnest(types) AS type
    UNION ALL SELECT 'genre:' || genre FROM unnest(genres) AS genre
  ) AS withins
  CROSS JOIN (
    SELECT 'all' AS facet, '' AS value
    UNION ALL SELECT 'type', type FROM unnest(types) AS type
    UNION ALL SELECT 'genre', genre FROM unnest(genres) AS genre
    UNION ALL SELECT 'country', country_code WHERE country_code IS NOT NULL
  ) AS facets
$$;--> statement-breakpoint
-- One pass per statement: a bulk insert adds its rows to the counts in one upsert, sorted so that
-- concurrent writers take the counters' locks in the same order.
CREATE FUNCTION opportunities_count_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO opportunity_listing_counts (within, facet, value, status, count)
    SELECT keys.within, keys.facet, keys.value, added.status, count(*)::int
    FROM added, opportunity_listing_keys(added.types, added.genres, added.country_code) AS keys
    WHERE added.deleted_at IS NULL AND NOT added.is_private
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (within, facet, status, value)
      DO UPDATE SET count = opportunity_listing_counts.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO opportunity_listing_counts (within, facet, value, status, count)
    SELECT keys.within, keys.facet, keys.value, removed.status, -count(*)::int
    FROM removed, opportunity_listing_keys(removed.types, removed.genres, removed.country_code) AS keys
    WHERE removed.deleted_at IS NULL AND NOT removed.is_private
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (within, facet, status, value)
      DO UPDATE SET count = opportunity_listing_counts.count + excluded.count;
  ELSE
    INSERT INTO opportunity_listing_counts (within, facet, value, status, count)
    SELECT keys.within, keys.facet, keys.value, changed.status, sum(changed.delta)::int
    FROM (
      SELECT types, genres, country_code, status, 1 AS delta FROM added
      WHERE deleted_at IS NULL AND NOT is_private
      UNION ALL
      SELECT types, genres, country_code, status, -1 FROM removed
      WHERE deleted_at IS NULL AND NOT is_private
    ) AS changed, opportunity_listing_keys(changed.types, changed.genres, changed.country_code) AS keys
    GROUP BY 1, 2, 3, 4 HAVING sum(changed.delta) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT (within, facet, status, value)
      DO UPDATE SET count = opportunity_listing_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER opportunities_count_listing_on_insert AFTER INSERT ON opportunities
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION opportunities_count_listing();--> statement-breakpoint
-- Statement triggers cannot name columns when they see the changed rows, so every update passes
-- through; one that changes nothing counted nets to nothing and writes no counter.
CREATE TRIGGER opportunities_count_listing_on_update AFTER UPDATE ON opportunities
  REFERENCING OLD TABLE AS removed NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION opportunities_count_listing();--> statement-breakpoint
CREATE TRIGGER opportunities_count_listing_on_delete AFTER DELETE ON opportunities
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION opportunities_count_listing();--> statement-breakpoint
-- The rows there are: their status and span for now (the update counts them as it goes).
INSERT INTO opportunity_listing_counts (within, facet, value, status, count)
  SELECT keys.within, keys.facet, keys.value, status, count(*)::int
  FROM opportunities, opportunity_listing_keys(types, genres, country_code) AS keys
  WHERE deleted_at IS NULL AND NOT is_private
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
UPDATE opportunities SET status_as_of = statement_timestamp();
