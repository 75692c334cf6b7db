CREATE TABLE "link_order_daily" (
	"company_id" text NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"seller_key" text NOT NULL,
	"channel" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"approved_orders" integer DEFAULT 0 NOT NULL,
	"seller_cents" bigint DEFAULT 0 NOT NULL,
	"commission_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "link_order_daily_company_id_day_product_id_seller_key_channel_pk" PRIMARY KEY("company_id","day","product_id","seller_key","channel"),
	CONSTRAINT "link_order_daily_orders_check" CHECK ("link_order_daily"."approved_orders" >= 0 and "link_order_daily"."approved_orders" <= "link_order_daily"."orders")
);
--> statement-breakpoint
DROP INDEX "link_click_daily_company_idx";--> statement-breakpoint
CREATE INDEX "link_order_daily_seller_idx" ON "link_order_daily" USING btree ("seller_key","day");--> statement-breakpoint
CREATE INDEX "link_click_daily_company_idx" ON "link_click_daily" USING btree ("company_id","day","product_id","seller_key","channel","clicks","unique_visitors");--> statement-breakpoint
-- The link orders already placed, summed as the orders service keeps them from now on: per
-- company, Argentine day placed, product, seller ('' for none) and the channel of their click
-- ('direct' for none); approved means approved or delivered now.
INSERT INTO "link_order_daily" ("company_id", "day", "product_id", "seller_key", "channel", "orders", "approved_orders", "seller_cents", "commission_cents")
SELECT "company_id", ("created_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, "product_id",
	coalesce("seller_id", ''), coalesce("link_source", 'direct'), count(*)::int,
	(count(*) FILTER (WHERE "status" IN ('approved', 'delivered')))::int,
	coalesce(sum("seller_cents") FILTER (WHERE "status" IN ('approved', 'delivered')), 0),
	coalesce(sum("seller_cents" + "platform_cents") FILTER (WHERE "status" IN ('approved', 'delivered')), 0)
FROM "orders"
WHERE "channel" = 'link'
GROUP BY 1, 2, 3, 4, 5;
