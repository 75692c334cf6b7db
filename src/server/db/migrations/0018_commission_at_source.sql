CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"provider" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_payment_methods" ADD COLUMN "connection" text DEFAULT 'token' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_payment_methods" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "company_payment_methods" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_payment_methods" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_payment_methods" ADD COLUMN "connection_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collected_at_source" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "collected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_expiry_idx" ON "oauth_states" USING btree ("expires_at");