CREATE TABLE "company_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_payments_amount_check" CHECK ("company_payments"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "company_payments" ADD CONSTRAINT "company_payments_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_payments_company_idx" ON "company_payments" USING btree ("company_id","paid_on");