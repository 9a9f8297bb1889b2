CREATE TABLE "listing_order_entries" (
	"order_id" integer NOT NULL,
	"k0" bigint NOT NULL,
	"k1" double precision NOT NULL,
	"k2" double precision NOT NULL,
	"ktext" text NOT NULL,
	"product_id" integer NOT NULL,
	"ord" integer NOT NULL,
	CONSTRAINT "listing_order_entries_order_id_k0_k1_k2_ktext_product_id_pk" PRIMARY KEY("order_id","k0","k1","k2","ktext","product_id")
);
--> statement-breakpoint
CREATE TABLE "listing_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"ord" integer NOT NULL,
	"sets" text[] NOT NULL,
	CONSTRAINT "listing_products_ord_key" UNIQUE("ord")
);
--> statement-breakpoint
CREATE TABLE "listing_sets" (
	"key" text PRIMARY KEY NOT NULL,
	"facet" text NOT NULL,
	"list_key" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"swatch" text,
	"hex" text,
	"is_pattern" boolean NOT NULL,
	"bits" bit varying NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"cursor" bigint NOT NULL,
	"capacity" integer NOT NULL,
	"price_lists" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_order_entries_product_idx" ON "listing_order_entries" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "listing_sets_value_idx" ON "listing_sets" USING btree ("facet","list_key","value");--> statement-breakpoint
-- Sets the bits at `ordinals` to `value` (0 or 1): how the listing index adds and removes products in a bitmap.
CREATE FUNCTION listing_set_bits(bits bit varying, ordinals integer[], value integer) RETURNS bit varying
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  o integer;
BEGIN
  IF ordinals IS NULL THEN RETURN bits; END IF;
  FOREACH o IN ARRAY ordinals LOOP
    IF o IS NOT NULL THEN bits := set_bit(bits, o, value); END IF;
  END LOOP;
  RETURN bits;
END $$;
