ALTER TABLE "sessions" ADD COLUMN "device" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "provider_sid" text;--> statement-breakpoint
CREATE INDEX "sessions_provider_sid_idx" ON "sessions" USING btree ("provider_sid");