DROP INDEX "opportunities_types_idx";--> statement-breakpoint
-- A search around a place also takes virtual and worldwide opportunities: with an index for each,
-- the planner combines them with the location index (BitmapOr) instead of reading every row.
-- The types index went: a few types cover most opportunities, and reading it cost more than it saved.
CREATE INDEX "opportunities_virtual_idx" ON "opportunities" USING btree ("published_at") WHERE "is_virtual";--> statement-breakpoint
CREATE INDEX "opportunities_worldwide_idx" ON "opportunities" USING btree ("published_at") WHERE "is_worldwide";
