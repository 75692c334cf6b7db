CREATE TABLE "store_additional_info" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"product_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_collections" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_images" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"product_id" text NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"type" text DEFAULT 'image' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_option_values" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"option_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_options" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"product_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_order_lines" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text NOT NULL,
	"product_title" text NOT NULL,
	"variant_title" text NOT NULL,
	"image_url" text,
	"unit_price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reserves_stock" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"locale" text,
	"time_zone" text,
	"buyer_name" text,
	"buyer_email" text,
	"buyer_phone" text,
	"shipping_address" jsonb,
	"payment_provider" text,
	"payment_reference" text,
	"reserved_until" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_product_collections" (
	"product_id" text NOT NULL,
	"collection_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_product_collections_product_id_collection_id_pk" PRIMARY KEY("product_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "store_products" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text,
	"ribbon_text" text,
	"description" text DEFAULT '' NOT NULL,
	"thumbnail" text,
	"status" text DEFAULT 'published' NOT NULL,
	"purchasable" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"site_product_selection" text,
	"type_value" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"product_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"image_url" text,
	"sku" text,
	"amount_cents" integer NOT NULL,
	"sale_amount_cents" integer,
	"currency_code" text DEFAULT 'eur' NOT NULL,
	"weight" double precision,
	"manage_inventory" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_variants_amount_check" CHECK ("store_variants"."amount_cents" >= 0),
	CONSTRAINT "store_variants_sale_check" CHECK ("store_variants"."sale_amount_cents" IS NULL OR "store_variants"."sale_amount_cents" >= 0),
	CONSTRAINT "store_variants_stock_check" CHECK ("store_variants"."reserved" >= 0 AND "store_variants"."quantity" >= 0 AND (NOT "store_variants"."manage_inventory" OR "store_variants"."quantity" >= "store_variants"."reserved"))
);
--> statement-breakpoint
ALTER TABLE "store_additional_info" ADD CONSTRAINT "store_additional_info_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_images" ADD CONSTRAINT "store_images_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_option_values" ADD CONSTRAINT "store_option_values_option_id_store_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."store_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_option_values" ADD CONSTRAINT "store_option_values_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_options" ADD CONSTRAINT "store_options_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_order_lines" ADD CONSTRAINT "store_order_lines_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_collections" ADD CONSTRAINT "store_product_collections_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_product_collections" ADD CONSTRAINT "store_product_collections_collection_id_store_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."store_collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_product_id_store_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."store_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_additional_info_product_idx" ON "store_additional_info" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_images_product_idx" ON "store_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "store_option_values_option_idx" ON "store_option_values" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "store_option_values_variant_idx" ON "store_option_values" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "store_options_product_idx" ON "store_options" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_order_lines_order_idx" ON "store_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "store_orders_expiry_idx" ON "store_orders" USING btree ("status","reserved_until");--> statement-breakpoint
CREATE INDEX "store_orders_payment_ref_idx" ON "store_orders" USING btree ("payment_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "store_payment_events_uq" ON "store_payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "store_products_sort_idx" ON "store_products" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "store_products_created_idx" ON "store_products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "store_variants_product_idx" ON "store_variants" USING btree ("product_id","position");