CREATE TABLE "seller_goals" (
	"seller_id" text NOT NULL,
	"month" text NOT NULL,
	"target_sales" integer,
	"target_commission_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_goals_seller_id_month_pk" PRIMARY KEY("seller_id","month")
);
--> statement-breakpoint
ALTER TABLE "seller_goals" ADD CONSTRAINT "seller_goals_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_shipping_provinces_idx" ON "profiles" USING gin ("shipping_provinces");--> statement-breakpoint
CREATE INDEX "profiles_ranking_idx" ON "profiles" USING btree ("role","points","sales");--> statement-breakpoint
CREATE INDEX "products_catalogue_idx" ON "products" USING btree ("company_id","created_at") WHERE "products"."is_active" AND "products"."deleted_at" IS NULL AND "products"."stock" > 0;