CREATE TABLE "link_visitor_groups" (
	"group_hash" text NOT NULL,
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "link_visitor_groups_group_hash_product_id_pk" PRIMARY KEY("group_hash","product_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "held_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_prefix_key" text;--> statement-breakpoint
CREATE INDEX "link_visitor_groups_day_idx" ON "link_visitor_groups" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_client_prefix_unpaid_idx" ON "orders" USING btree ("client_prefix_key") WHERE "orders"."status" in ('reserved', 'pending_payment', 'pending_transfer');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_held_units_check" CHECK ("products"."held_units" >= 0);--> statement-breakpoint
-- Orders already unpaid at this migration hold their units in the new count too.
UPDATE "products" SET "held_units" = coalesce((SELECT sum("orders"."quantity") FROM "orders" WHERE "orders"."channel" = 'link' AND "orders"."product_id" = "products"."id" AND "orders"."status" IN ('reserved', 'pending_payment', 'pending_transfer')), 0);
