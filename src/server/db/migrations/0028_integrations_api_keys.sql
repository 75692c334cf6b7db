CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"actor" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_headers" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_actor_key_pk" PRIMARY KEY("actor","key")
);
--> statement-breakpoint
CREATE TABLE "api_changes" (
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"company_id" text NOT NULL,
	"change_xid" bigint NOT NULL,
	"status" text,
	"channel" text,
	"updated_at" timestamp with time zone NOT NULL,
	"listed" boolean NOT NULL,
	CONSTRAINT "api_changes_entity_entity_id_pk" PRIMARY KEY("entity","entity_id")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_uq" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_company_idx" ON "api_keys" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "api_changes_feed_idx" ON "api_changes" USING btree ("company_id","entity","change_xid","entity_id");--> statement-breakpoint
-- The public API's change feed (features/integrations/change-feed.ts): every insert and update
-- of a company's order or product stamps its row with the id of the transaction that made it,
-- and the columns the lists filter on.
CREATE FUNCTION "api_changes_record"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	changed jsonb := to_jsonb(NEW);
BEGIN
	IF NEW."company_id" IS NULL THEN
		RETURN NULL;
	END IF;
	INSERT INTO "api_changes"
		("entity", "entity_id", "company_id", "change_xid", "status", "channel", "updated_at", "listed")
	VALUES (TG_ARGV[0], NEW."id", NEW."company_id", pg_current_xact_id()::text::bigint,
		changed->>'status', changed->>'channel', (changed->>'updated_at')::timestamptz,
		changed->>'deleted_at' IS NULL)
	ON CONFLICT ("entity", "entity_id") DO UPDATE SET
		"company_id" = EXCLUDED."company_id", "change_xid" = EXCLUDED."change_xid",
		"status" = EXCLUDED."status", "channel" = EXCLUDED."channel",
		"updated_at" = EXCLUDED."updated_at", "listed" = EXCLUDED."listed";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_api_changes" AFTER INSERT OR UPDATE ON "orders"
	FOR EACH ROW EXECUTE FUNCTION "api_changes_record"('order');--> statement-breakpoint
CREATE TRIGGER "products_api_changes" AFTER INSERT OR UPDATE ON "products"
	FOR EACH ROW EXECUTE FUNCTION "api_changes_record"('product');--> statement-breakpoint
INSERT INTO "api_changes"
	("entity", "entity_id", "company_id", "change_xid", "status", "channel", "updated_at", "listed")
	SELECT 'order', "id", "company_id", pg_current_xact_id()::text::bigint, "status", "channel",
		"updated_at", true
	FROM "orders" WHERE "company_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "api_changes"
	("entity", "entity_id", "company_id", "change_xid", "status", "channel", "updated_at", "listed")
	SELECT 'product', "id", "company_id", pg_current_xact_id()::text::bigint, NULL, NULL,
		"updated_at", "deleted_at" IS NULL
	FROM "products";
