CREATE TABLE "drift_findings" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"link_id" text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_key" text NOT NULL,
	"change" text NOT NULL,
	"title" text NOT NULL,
	"prune" boolean DEFAULT false NOT NULL,
	"diff" text NOT NULL,
	"commit" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revert_request_id" text,
	"adopt_branch" text,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	CONSTRAINT "drift_findings_resolution_check" CHECK ("drift_findings"."resolution" in ('reverted', 'adopted', 'gone'))
);
--> statement-breakpoint
CREATE TABLE "git_links" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"tenant_id" text,
	"repo_url" text NOT NULL,
	"branch" text NOT NULL,
	"path" text NOT NULL,
	"format" text DEFAULT 'yaml' NOT NULL,
	"access_token" text,
	"write_access" boolean DEFAULT false NOT NULL,
	"sync_mode" boolean DEFAULT false NOT NULL,
	"last_seen_commit" text,
	"synced_commit" text,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"lease_until" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "git_links_format_check" CHECK ("git_links"."format" in ('yaml', 'json'))
);
--> statement-breakpoint
ALTER TABLE "drift_findings" ADD CONSTRAINT "drift_findings_link_id_git_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."git_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_links" ADD CONSTRAINT "git_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drift_findings_open_unique" ON "drift_findings" USING btree ("link_id","resource_type","resource_key") WHERE "drift_findings"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "drift_findings_link_idx" ON "drift_findings" USING btree ("link_id","first_seen_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "git_links_scope_unique" ON "git_links" USING btree (coalesce("tenant_id", ''));--> statement-breakpoint
CREATE INDEX "git_links_due_idx" ON "git_links" USING btree ("last_checked_at");