CREATE TABLE "products" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" bigint NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"commission_bps" integer DEFAULT 300 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"provider_collector_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" > 0),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_commission_check" CHECK ("products"."commission_bps" BETWEEN 300 AND 10000)
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_company_idx" ON "products" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "products_active_idx" ON "products" USING btree ("is_active","stock");