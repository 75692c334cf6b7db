CREATE TABLE "link_visitor_groups" (
	"group_hash" text NOT NULL,
	"product_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "link_visitor_groups_group_hash_product_id_pk" PRIMARY KEY("group_hash","product_id")
);
--> statement-breakpoint
CREATE INDEX "link_visitor_groups_day_idx" ON "link_visitor_groups" USING btree ("day");