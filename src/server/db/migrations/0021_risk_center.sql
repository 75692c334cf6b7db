CREATE TABLE "risk_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"flag_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"order_id" text,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_flags" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"event_count" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"resolved_by" text,
	"resolved_by_name" text,
	"resolved_at" timestamp with time zone,
	"note" text,
	"reversed_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_sightings" (
	"visitor_hash" text NOT NULL,
	"day" date NOT NULL,
	"seller_id" text NOT NULL,
	CONSTRAINT "seller_sightings_visitor_hash_day_seller_id_pk" PRIMARY KEY("visitor_hash","day","seller_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_flag_id_risk_flags_id_fk" FOREIGN KEY ("flag_id") REFERENCES "public"."risk_flags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_events" ADD CONSTRAINT "risk_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_flags" ADD CONSTRAINT "risk_flags_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_sightings" ADD CONSTRAINT "seller_sightings_seller_id_profiles_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "risk_events_flag_idx" ON "risk_events" USING btree ("flag_id","at");--> statement-breakpoint
CREATE INDEX "risk_events_order_idx" ON "risk_events" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risk_events_flag_order_uq" ON "risk_events" USING btree ("flag_id","order_id") WHERE "risk_events"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "risk_flags_open_uq" ON "risk_flags" USING btree ("seller_id","kind") WHERE "risk_flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "risk_flags_status_idx" ON "risk_flags" USING btree ("status","last_at");--> statement-breakpoint
CREATE INDEX "risk_flags_seller_idx" ON "risk_flags" USING btree ("seller_id","status");