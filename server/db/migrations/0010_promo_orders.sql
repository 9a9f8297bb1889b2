ALTER TABLE "customer_flags" ADD COLUMN "promo_approver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approver_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approver_id_customers_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_approval_idx" ON "orders" USING btree ("approver_id","status","created_at");