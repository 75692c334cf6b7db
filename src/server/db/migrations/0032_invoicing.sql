CREATE TABLE "arca_sequences" (
	"point_of_sale" integer NOT NULL,
	"voucher_type" smallint NOT NULL,
	"leased_until" timestamp with time zone,
	"leased_by" text,
	CONSTRAINT "arca_sequences_point_of_sale_voucher_type_pk" PRIMARY KEY("point_of_sale","voucher_type")
);
--> statement-breakpoint
CREATE TABLE "arca_tickets" (
	"service" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"sign" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_entries" (
	"ledger_entry_id" bigint PRIMARY KEY NOT NULL,
	"invoice_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" text NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"letter" text NOT NULL,
	"voucher_type" smallint NOT NULL,
	"point_of_sale" integer NOT NULL,
	"number" integer,
	"total_cents" bigint NOT NULL,
	"net_cents" bigint NOT NULL,
	"vat_cents" bigint NOT NULL,
	"issuer_tax_id" text NOT NULL,
	"issuer_tax_condition" text NOT NULL,
	"receiver_legal_name" text NOT NULL,
	"receiver_tax_id" text NOT NULL,
	"receiver_tax_condition" text NOT NULL,
	"associated_invoice_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"issue_date" text,
	"cae" text,
	"cae_due" text,
	"observations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."net_cents" + "invoices"."vat_cents" = "invoices"."total_cents"),
	CONSTRAINT "invoices_positive_check" CHECK ("invoices"."total_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_entries" ADD CONSTRAINT "invoice_entries_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_entries" ADD CONSTRAINT "invoice_entries_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_profiles_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_entries_invoice_idx" ON "invoice_entries" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","month");--> statement-breakpoint
CREATE INDEX "invoices_month_idx" ON "invoices" USING btree ("month","status");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("point_of_sale","voucher_type","number") WHERE "invoices"."number" IS NOT NULL;