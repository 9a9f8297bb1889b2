ALTER TABLE "products" ADD COLUMN "exclude_pro_discount" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "group_percents" jsonb DEFAULT '{}'::jsonb NOT NULL;