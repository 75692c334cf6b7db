CREATE TABLE "order_daily_totals" (
	"company_id" text NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"company_cents" bigint DEFAULT 0 NOT NULL,
	"seller_cents" bigint DEFAULT 0 NOT NULL,
	"platform_cents" bigint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "order_daily_totals_company_id_day_status_pk" PRIMARY KEY("company_id","day","status"),
	CONSTRAINT "order_daily_totals_orders_check" CHECK ("order_daily_totals"."orders" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_totals" (
	"company_id" text NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	"company_cents" bigint DEFAULT 0 NOT NULL,
	"seller_cents" bigint DEFAULT 0 NOT NULL,
	"platform_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_totals_company_id_status_pk" PRIMARY KEY("company_id","status"),
	CONSTRAINT "order_totals_orders_check" CHECK ("order_totals"."orders" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_daily_totals" ADD CONSTRAINT "order_daily_totals_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_totals" ADD CONSTRAINT "order_totals_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_daily_totals_day_idx" ON "order_daily_totals" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
-- The orders placed before these tables existed.
INSERT INTO "order_totals" ("company_id", "status", "orders", "total_cents", "company_cents", "seller_cents", "platform_cents")
SELECT "company_id", "status", count(*), sum("total_cents"), sum("company_cents"), sum("seller_cents"), sum("platform_cents")
FROM "orders" GROUP BY "company_id", "status";--> statement-breakpoint
INSERT INTO "order_daily_totals" ("company_id", "day", "status", "orders", "total_cents", "company_cents", "seller_cents", "platform_cents")
SELECT "company_id", ("created_at" AT TIME ZONE 'America/Argentina/Buenos_Aires')::date, "status", count(*), sum("total_cents"), sum("company_cents"), sum("seller_cents"), sum("platform_cents")
FROM "orders" GROUP BY 1, 2, 3;
