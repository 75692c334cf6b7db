CREATE TABLE "company_payment_methods" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"provider" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"public_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_secrets" text,
	"secret_hints" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_payment_methods" ADD CONSTRAINT "company_payment_methods_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_payment_methods_provider_uq" ON "company_payment_methods" USING btree ("company_id","provider");--> statement-breakpoint
CREATE INDEX "company_payment_methods_active_idx" ON "company_payment_methods" USING btree ("company_id","is_active");