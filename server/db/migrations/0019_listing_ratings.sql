ALTER TABLE "listing_products" ADD COLUMN "rating_score" double precision;--> statement-breakpoint
ALTER TABLE "listing_products" ADD COLUMN "rating_count" integer;--> statement-breakpoint
-- The listing index keeps ratings from now on (decision 072): the next sync rebuilds it with them.
DELETE FROM "listing_state";