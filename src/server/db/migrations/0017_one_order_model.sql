CREATE TABLE "store_checkouts" (
	"order_id" text PRIMARY KEY NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"locale" text,
	"time_zone" text,
	"shipping_address" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"order_id" text NOT NULL,
	"product_id" text,
	"store_variant_id" text,
	"store_product_id" text,
	"title" text NOT NULL,
	"variant_title" text,
	"image_url" text,
	"unit_price_cents" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"reserves_stock" boolean DEFAULT true NOT NULL,
	CONSTRAINT "order_lines_quantity_check" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_item_check" CHECK (("order_lines"."product_id" IS NOT NULL) <> ("order_lines"."store_variant_id" IS NOT NULL))
);
--> statement-breakpoint
DROP INDEX "orders_client_unpaid_idx";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "product_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "company_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "provider" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "buyer_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "buyer_email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT 'link' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_checkouts" ADD CONSTRAINT "store_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_channel_created_idx" ON "orders" USING btree ("channel","created_at");--> statement-breakpoint
CREATE INDEX "orders_client_unpaid_idx" ON "orders" USING btree ("client_key") WHERE "orders"."status" in ('reserved', 'pending_payment', 'pending_transfer');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_channel_check" CHECK (("orders"."channel" = 'link' AND "orders"."product_id" IS NOT NULL AND "orders"."company_id" IS NOT NULL AND "orders"."unit_price_cents" IS NOT NULL AND "orders"."provider" IS NOT NULL AND "orders"."buyer_name" IS NOT NULL AND "orders"."buyer_email" IS NOT NULL) OR ("orders"."channel" = 'store' AND "orders"."company_id" IS NULL AND "orders"."seller_id" IS NULL AND "orders"."product_id" IS NULL));
--> statement-breakpoint
-- Every payment-link order is one line: its product, at the price it was placed for.
INSERT INTO "order_lines" ("order_id", "product_id", "title", "unit_price_cents", "quantity", "reserves_stock")
SELECT "id", "product_id", "product_title", "unit_price_cents", "quantity", true FROM "orders";--> statement-breakpoint
-- Each storefront order becomes an order of channel 'store' with the same id; the
-- whole amount is the platform's (its own shop), and 'paid' is the orders' 'approved'.
INSERT INTO "orders" (
	"id", "channel", "product_title", "quantity", "commission_bps", "total_cents", "company_cents",
	"seller_cents", "platform_cents", "currency", "provider", "status", "external_reference",
	"provider_payment_id", "buyer_name", "buyer_email", "buyer_phone", "buyer_token_hash",
	"expires_at", "client_key", "created_at", "updated_at")
SELECT s."id", 'store',
	coalesce((SELECT l."product_title" || ' (' || l."variant_title" || ')' FROM "store_order_lines" l WHERE l."order_id" = s."id" ORDER BY l."product_title", l."variant_title" LIMIT 1), 'Pedido de la tienda')
		|| CASE WHEN (SELECT count(*) FROM "store_order_lines" l WHERE l."order_id" = s."id") > 1
			THEN ' y ' || ((SELECT count(*) FROM "store_order_lines" l WHERE l."order_id" = s."id") - 1) || ' más' ELSE '' END,
	greatest(coalesce((SELECT sum(l."quantity") FROM "store_order_lines" l WHERE l."order_id" = s."id"), 0), 1),
	0, s."total_cents", 0, 0, s."total_cents", s."currency",
	CASE s."payment_provider" WHEN 'stripe' THEN 'stripe' WHEN 'transfer' THEN 'transferencia' END,
	CASE s."status" WHEN 'paid' THEN 'approved' ELSE s."status" END,
	CASE WHEN s."payment_provider" = 'transfer' AND s."payment_reference" IS NOT NULL THEN s."payment_reference"
		ELSE 'VM-' || upper(replace(s."id", '-', '')) END,
	CASE WHEN s."payment_provider" = 'stripe' THEN s."payment_reference" END,
	s."buyer_name", s."buyer_email", s."buyer_phone", s."token_hash",
	CASE WHEN s."status" IN ('reserved', 'pending_payment', 'pending_transfer') THEN s."reserved_until" END,
	s."client_key", s."created_at", s."updated_at"
FROM "store_orders" s;--> statement-breakpoint
INSERT INTO "order_lines" ("id", "order_id", "store_variant_id", "store_product_id", "title", "variant_title", "image_url", "unit_price_cents", "quantity", "reserves_stock")
SELECT "id", "order_id", "variant_id", "product_id", "product_title", "variant_title", "image_url", "unit_price_cents", "quantity", "reserves_stock" FROM "store_order_lines";--> statement-breakpoint
INSERT INTO "store_checkouts" ("order_id", "success_url", "cancel_url", "locale", "time_zone", "shipping_address")
SELECT "id", "success_url", "cancel_url", "locale", "time_zone", "shipping_address" FROM "store_orders";--> statement-breakpoint
-- Their history: opened (reserved), then where they are now, when they got there.
INSERT INTO "order_status_history" ("order_id", "status", "changed_by", "created_at")
SELECT "id", 'reserved', 'system', "created_at" FROM "store_orders";--> statement-breakpoint
INSERT INTO "order_status_history" ("order_id", "status", "changed_by", "created_at")
SELECT "id", CASE "status" WHEN 'paid' THEN 'approved' ELSE "status" END, 'system',
	coalesce("paid_at", "closed_at", "updated_at")
FROM "store_orders" WHERE "status" <> 'reserved';--> statement-breakpoint
DROP TABLE "store_order_lines" CASCADE;--> statement-breakpoint
DROP TABLE "store_orders" CASCADE;