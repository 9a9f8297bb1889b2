CREATE TABLE "cart_gift_cards" (
	"cart_id" uuid NOT NULL,
	"gift_certificate_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_gift_cards_cart_id_gift_certificate_id_pk" PRIMARY KEY("cart_id","gift_certificate_id")
);
--> statement-breakpoint
CREATE TABLE "gift_card_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"gift_certificate_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_at" timestamp with time zone,
	CONSTRAINT "gift_card_redemptions_amount_positive" CHECK ("gift_card_redemptions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "purchaser_customer_id" integer;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "send_on" text;--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "cart_gift_cards_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_gift_cards" ADD CONSTRAINT "cart_gift_cards_gift_certificate_id_gift_certificates_id_fk" FOREIGN KEY ("gift_certificate_id") REFERENCES "public"."gift_certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_gift_certificate_id_gift_certificates_id_fk" FOREIGN KEY ("gift_certificate_id") REFERENCES "public"."gift_certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_card_order_key" ON "gift_card_redemptions" USING btree ("gift_certificate_id","order_id");--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_order_idx" ON "gift_card_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gift_certificates_due_idx" ON "gift_certificates" USING btree ("send_on") WHERE "gift_certificates"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "gift_certificates_purchaser_idx" ON "gift_certificates" USING btree ("purchaser_customer_id");--> statement-breakpoint
ALTER TABLE "gift_certificates" ADD CONSTRAINT "gift_certificates_balance_range" CHECK ("gift_certificates"."balance_cents" >= 0);