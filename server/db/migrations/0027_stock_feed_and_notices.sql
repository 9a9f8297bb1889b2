CREATE TABLE "stock_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"variant_sku" text NOT NULL,
	"staff_user_id" integer NOT NULL,
	"staff_email" text NOT NULL,
	"standard_before" integer NOT NULL,
	"standard_after" integer NOT NULL,
	"pro_before" integer NOT NULL,
	"pro_after" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_feed_batches" (
	"integration" text NOT NULL,
	"batch_id" text NOT NULL,
	"payload_hash" text NOT NULL,
	"summary" jsonb NOT NULL,
	"token_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_feed_batches_integration_batch_id_pk" PRIMARY KEY("integration","batch_id")
);
--> statement-breakpoint
CREATE TABLE "stock_feed_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"integration" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "notice_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "stock_adjustments_sku_idx" ON "stock_adjustments" USING btree ("variant_sku","id");--> statement-breakpoint
CREATE INDEX "back_in_stock_sku_idx" ON "back_in_stock_requests" USING btree ("variant_sku");--> statement-breakpoint
CREATE INDEX "back_in_stock_due_idx" ON "back_in_stock_requests" USING btree ("notice_due_at","id") WHERE "back_in_stock_requests"."notice_due_at" is not null;