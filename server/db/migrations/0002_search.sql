-- pg_trgm (typo tolerance, corrections) before the trigram indexes below; PGlite loads it as a contrib extension.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE SEQUENCE "public"."search_documents_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalogue_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_documents" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"visible" boolean NOT NULL,
	"name" text NOT NULL,
	"name_norm" text NOT NULL,
	"sku" text NOT NULL,
	"url" text NOT NULL,
	"brand_id" integer NOT NULL,
	"gender" text NOT NULL,
	"product_type" text NOT NULL,
	"categories" text NOT NULL,
	"patterns" text NOT NULL,
	"colours" text NOT NULL,
	"technologies" text NOT NULL,
	"description" text NOT NULL,
	"tags" jsonb NOT NULL,
	"document" "tsvector" NOT NULL,
	"words" "tsvector" NOT NULL,
	"in_stock" boolean NOT NULL,
	"rating_score" real,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"product_created_at" timestamp with time zone NOT NULL,
	"card" jsonb NOT NULL,
	"seq" bigint DEFAULT nextval('search_documents_seq') NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"block" text,
	"product_ids" jsonb NOT NULL,
	"session_id" text,
	"page_load_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"term" text PRIMARY KEY NOT NULL,
	"group_name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_document_idx" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_name_trgm_idx" ON "search_documents" USING gin ("name_norm" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_documents_seq_idx" ON "search_documents" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "search_events_kind_idx" ON "search_events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "search_events_session_idx" ON "search_events" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "search_lexicon_word_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_synonyms_group_idx" ON "search_synonyms" USING btree ("group_name");--> statement-breakpoint
-- The catalogue's change feed: whatever writes a product's searchable data, a row names the product.
CREATE FUNCTION catalogue_note_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  previous jsonb;
  product integer;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  IF TG_OP = 'UPDATE' THEN previous := to_jsonb(OLD); END IF;
  -- TG_ARGV[0] names how a row leads to its product.
  IF TG_ARGV[0] = 'product' THEN
    product := (changed ->> 'id')::integer;
  ELSIF TG_ARGV[0] = 'option_value' THEN
    SELECT po.product_id INTO product FROM product_options po WHERE po.id = (changed ->> 'option_id')::integer;
  ELSIF TG_ARGV[0] = 'inventory' THEN
    SELECT v.product_id INTO product FROM variants v WHERE v.sku = changed ->> 'variant_sku';
  ELSIF TG_ARGV[0] = 'rating' THEN
    IF changed ->> 'target_type' = 'product' THEN product := (changed ->> 'target_id')::integer; END IF;
  ELSIF TG_ARGV[0] = 'category' THEN
    INSERT INTO catalogue_changes (product_id)
      SELECT pc.product_id FROM product_categories pc WHERE pc.category_id = (changed ->> 'id')::integer;
    RETURN NULL;
  ELSE
    product := (changed ->> 'product_id')::integer;
    IF previous IS NOT NULL AND (previous ->> 'product_id') IS DISTINCT FROM (changed ->> 'product_id') THEN
      INSERT INTO catalogue_changes (product_id) VALUES ((previous ->> 'product_id')::integer);
    END IF;
  END IF;
  IF product IS NOT NULL THEN INSERT INTO catalogue_changes (product_id) VALUES (product); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_change AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('product');--> statement-breakpoint
CREATE TRIGGER product_categories_change AFTER INSERT OR UPDATE OR DELETE ON product_categories
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('product_id');--> statement-breakpoint
CREATE TRIGGER product_custom_fields_change AFTER INSERT OR UPDATE OR DELETE ON product_custom_fields
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('product_id');--> statement-breakpoint
CREATE TRIGGER product_options_change AFTER INSERT OR UPDATE OR DELETE ON product_options
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('product_id');--> statement-breakpoint
CREATE TRIGGER variants_change AFTER INSERT OR UPDATE OR DELETE ON variants
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('product_id');--> statement-breakpoint
CREATE TRIGGER product_images_change AFTER INSERT OR UPDATE OR DELETE ON product_images
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('product_id');--> statement-breakpoint
CREATE TRIGGER product_option_values_change AFTER INSERT OR UPDATE OR DELETE ON product_option_values
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('option_value');--> statement-breakpoint
CREATE TRIGGER inventory_records_change AFTER INSERT OR UPDATE OR DELETE ON inventory_records
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('inventory');--> statement-breakpoint
CREATE TRIGGER rating_summaries_change AFTER INSERT OR UPDATE OR DELETE ON rating_summaries
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('rating');--> statement-breakpoint
CREATE TRIGGER categories_change AFTER UPDATE ON categories
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('category');
