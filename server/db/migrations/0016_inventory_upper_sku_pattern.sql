DROP INDEX "inventory_records_upper_sku_idx";--> statement-breakpoint
CREATE INDEX "inventory_records_upper_sku_pattern_idx" ON "inventory_records" USING btree (upper("variant_sku") text_pattern_ops);