CREATE TABLE "link_order_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- IF NOT EXISTS: a large database may get these beforehand with CREATE INDEX CONCURRENTLY (README, Scaling out).
CREATE INDEX IF NOT EXISTS "link_order_daily_day_idx" ON "link_order_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "link_click_daily_day_idx" ON "link_click_daily" USING btree ("day","product_id","seller_key","channel","clicks","unique_visitors");