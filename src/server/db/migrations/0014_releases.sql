CREATE TABLE "change_request_items" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"change_request_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"tenant_id" text,
	"environment" text NOT NULL,
	"title" text NOT NULL,
	"change" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"base_fingerprint" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"outcome" text,
	"inverse" jsonb,
	"irreversible" text,
	"applied_fingerprint" text,
	CONSTRAINT "change_request_items_position_range" CHECK ("change_request_items"."position" between 0 and 99),
	CONSTRAINT "change_request_items_state" CHECK ("change_request_items"."state" in ('pending', 'applied', 'failed', 'reverted', 'skipped')),
	CONSTRAINT "change_request_items_environment" CHECK ("change_request_items"."environment" in ('development', 'uat', 'production'))
);
--> statement-breakpoint
CREATE TABLE "release_drafts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "change_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "revert_of_id" text;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "promoted_from_id" text;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "rollout_id" text;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_drafts" ADD CONSTRAINT "release_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "change_request_items_position_unique" ON "change_request_items" USING btree ("change_request_id","position");--> statement-breakpoint
CREATE INDEX "change_request_items_kind_idx" ON "change_request_items" USING btree ("kind","change_request_id");--> statement-breakpoint
-- Every request made before releases becomes a set of one: its change, diff and base state move to its item.
INSERT INTO "change_request_items" ("change_request_id", "position", "kind", "tenant_id", "environment", "title", "change", "diff", "base_fingerprint", "state", "outcome")
SELECT "id", 0, "kind", "tenant_id", "environment", "title", "change", "diff", "base_fingerprint",
  CASE "status" WHEN 'applied' THEN 'applied' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
  CASE "status" WHEN 'failed' THEN "outcome" ELSE NULL END
FROM "change_requests";
