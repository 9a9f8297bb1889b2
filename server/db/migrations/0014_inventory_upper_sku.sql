CREATE INDEX "inventory_records_upper_sku_idx" ON "inventory_records" USING btree (upper("variant_sku"));--> statement-breakpoint
-- Bulk pricing rules are part of what a cart line costs (decision 054): their changes enter the catalogue change
-- feed, as changes to the product's other tables do, so what the catalogue keeps for carts follows them.
CREATE TRIGGER bulk_pricing_rules_change AFTER INSERT OR UPDATE OR DELETE ON bulk_pricing_rules
  FOR EACH ROW EXECUTE FUNCTION catalogue_note_change('product_id');