CREATE TABLE "destination_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"provider" text,
	"masked_before" text NOT NULL,
	"masked_after" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"previous" jsonb,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "payout_details_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "destination_changes" ADD CONSTRAINT "destination_changes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "destination_changes_token_uq" ON "destination_changes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "destination_changes_user_idx" ON "destination_changes" USING btree ("user_id","changed_at");