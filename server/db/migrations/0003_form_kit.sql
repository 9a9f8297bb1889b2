CREATE TABLE "form_submissions" (
	"form_id" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "form_submissions_form_id_key_pk" PRIMARY KEY("form_id","key")
);
--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirm_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "back_in_stock_requests" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "form_submissions_created_idx" ON "form_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "back_in_stock_token_key" ON "back_in_stock_requests" USING btree ("confirm_token_hash");