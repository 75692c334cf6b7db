CREATE TABLE "arca_login_leases" (
	"service" text PRIMARY KEY NOT NULL,
	"leased_until" timestamp with time zone,
	"leased_by" text
);
