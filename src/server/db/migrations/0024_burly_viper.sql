ALTER TABLE "products" ADD COLUMN "held_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_prefix_key" text;--> statement-breakpoint
CREATE INDEX "orders_client_prefix_unpaid_idx" ON "orders" USING btree ("client_prefix_key") WHERE "orders"."status" in ('reserved', 'pending_payment', 'pending_transfer');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_held_units_check" CHECK ("products"."held_units" >= 0);