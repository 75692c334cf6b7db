ALTER TABLE "link_order_hourly" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_order_hourly" ADD COLUMN "written_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "link_click_hourly" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "link_click_hourly" ADD COLUMN "written_by" "xid8" DEFAULT pg_current_xact_id() NOT NULL;