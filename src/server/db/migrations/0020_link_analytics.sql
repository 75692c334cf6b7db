CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "link_click_daily" (
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"seller_key" text NOT NULL,
	"channel" text NOT NULL,
	"company_id" text NOT NULL,
	"clicks" integer NOT NULL,
	"unique_visitors" integer NOT NULL,
	CONSTRAINT "link_click_daily_product_id_seller_key_channel_day_pk" PRIMARY KEY("product_id","seller_key","channel","day")
);
--> statement-breakpoint
CREATE TABLE "link_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "link_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"product_id" text NOT NULL,
	"company_id" text NOT NULL,
	"seller_id" text,
	"visitor_hash" text NOT NULL,
	"channel" text NOT NULL,
	"device" text NOT NULL,
	"province" text,
	"unique_visit" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "visitor_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "link_source" text;--> statement-breakpoint
CREATE INDEX "link_click_daily_seller_idx" ON "link_click_daily" USING btree ("seller_key","day");--> statement-breakpoint
CREATE INDEX "link_click_daily_company_idx" ON "link_click_daily" USING btree ("company_id","day");--> statement-breakpoint
CREATE INDEX "link_clicks_visitor_idx" ON "link_clicks" USING btree ("visitor_hash","product_id","at");