CREATE TABLE "link_order_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "link_order_daily_day_idx" ON "link_order_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "link_click_daily_day_idx" ON "link_click_daily" USING btree ("day","product_id","seller_key","channel","clicks","unique_visitors");