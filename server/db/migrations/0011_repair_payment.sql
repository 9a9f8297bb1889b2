ALTER TABLE "repairs" ADD COLUMN "quote_cents" integer;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "payment_order_id" integer;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "paid_at" timestamp with time zone;