ALTER TABLE "orders" ADD COLUMN "payment_provider" text DEFAULT 'manual';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Orders placed before the payment port: a promotional order had nothing to pay; every other was manual (the default).
UPDATE "orders" SET "payment_provider" = NULL WHERE "is_promo_order" = true;
