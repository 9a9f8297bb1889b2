ALTER TABLE "customers" ADD COLUMN "viewer_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "viewer_changed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "customers_viewer_changed_at_idx" ON "customers" USING btree ("viewer_changed_at") WHERE "customers"."viewer_changed_at" is not null;