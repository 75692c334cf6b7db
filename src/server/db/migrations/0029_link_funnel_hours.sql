CREATE TABLE "link_order_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"seller_key" text NOT NULL,
	"channel" text NOT NULL,
	"orders" integer NOT NULL,
	"approved_orders" integer NOT NULL,
	"seller_cents" bigint NOT NULL,
	"commission_cents" bigint NOT NULL,
	CONSTRAINT "link_order_hourly_hour_day_product_id_seller_key_channel_pk" PRIMARY KEY("hour","day","product_id","seller_key","channel")
);
--> statement-breakpoint
CREATE TABLE "link_click_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"seller_key" text NOT NULL,
	"channel" text NOT NULL,
	"clicks" integer NOT NULL,
	"unique_visitors" integer NOT NULL,
	CONSTRAINT "link_click_hourly_hour_day_product_id_seller_key_channel_pk" PRIMARY KEY("hour","day","product_id","seller_key","channel")
);
--> statement-breakpoint
-- The open days' sums so far, as added in the hour of this migration: the hourly rows of a
-- day add up to its daily rows from the start.
INSERT INTO "link_click_hourly" ("hour", "day", "product_id", "seller_key", "channel", "clicks", "unique_visitors")
SELECT date_trunc('hour', now()), "day", "product_id", "seller_key", "channel", "clicks", "unique_visitors"
FROM "link_click_daily"
WHERE "day" >= (now() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date - 1;
--> statement-breakpoint
INSERT INTO "link_order_hourly" ("hour", "day", "product_id", "seller_key", "channel", "orders", "approved_orders", "seller_cents", "commission_cents")
SELECT date_trunc('hour', now()), "day", "product_id", "seller_key", "channel", sum("orders"), sum("approved_orders"), sum("seller_cents"), sum("commission_cents")
FROM "link_order_daily"
WHERE "day" >= (now() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date - 1
GROUP BY "day", "product_id", "seller_key", "channel";
