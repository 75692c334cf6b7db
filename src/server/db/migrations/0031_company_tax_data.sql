ALTER TABLE "profiles" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "tax_condition" text;