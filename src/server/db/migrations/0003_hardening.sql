ALTER TABLE "store_payment_events" RENAME TO "payment_events";--> statement-breakpoint
DROP INDEX "store_payment_events_uq";--> statement-breakpoint
ALTER TABLE "store_orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "store_orders" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "store_orders_client_idx" ON "store_orders" USING btree ("client_key","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_uq" ON "payment_events" USING btree ("provider","event_id");