CREATE TABLE "buyer_mail_quota" (
	"recipient_key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "buyer_mail_quota_recipient_key_window_start_pk" PRIMARY KEY("recipient_key","window_start")
);
--> statement-breakpoint
CREATE TABLE "pay_challenge_uses" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "buyer_mail_quota_window_idx" ON "buyer_mail_quota" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "pay_challenge_uses_expiry_idx" ON "pay_challenge_uses" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_client_unpaid_idx" ON "orders" USING btree ("client_key") WHERE "orders"."status" in ('pending_payment', 'pending_transfer');