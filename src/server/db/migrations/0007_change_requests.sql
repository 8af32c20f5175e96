CREATE TABLE "approval_policies" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"tenant_id" text,
	"environment" text NOT NULL,
	"required_approvals" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "approval_policies_environment" CHECK ("approval_policies"."environment" in ('development', 'uat', 'production')),
	CONSTRAINT "approval_policies_required_range" CHECK ("approval_policies"."required_approvals" between 0 and 5)
);
--> statement-breakpoint
CREATE TABLE "change_request_events" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"change_request_id" text NOT NULL,
	"kind" text NOT NULL,
	"round" integer NOT NULL,
	"author_id" text,
	"author" text NOT NULL,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "change_requests_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_id" text,
	"environment" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"change" jsonb NOT NULL,
	"diff" jsonb NOT NULL,
	"base_fingerprint" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"required_approvals" integer NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"requested_by_id" text,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_at" timestamp with time zone,
	"schedule_time_zone" text,
	"applied_at" timestamp with time zone,
	"applied_by" text,
	"outcome" text,
	"bypass_reason" text,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "change_requests_status" CHECK ("change_requests"."status" in ('pending', 'scheduled', 'applied', 'rejected', 'cancelled', 'failed')),
	CONSTRAINT "change_requests_environment" CHECK ("change_requests"."environment" in ('development', 'uat', 'production'))
);
--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD COLUMN "promoted_from_id" text;--> statement-breakpoint
ALTER TABLE "opa_policies" ADD COLUMN "promoted_from_id" text;--> statement-breakpoint
ALTER TABLE "approval_policies" ADD CONSTRAINT "approval_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_events" ADD CONSTRAINT "change_request_events_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_policies_scope_unique" ON "approval_policies" USING btree (coalesce("tenant_id", ''),"environment");--> statement-breakpoint
CREATE INDEX "change_request_events_request_idx" ON "change_request_events" USING btree ("change_request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "change_request_events_one_approval" ON "change_request_events" USING btree ("change_request_id","round","author_id") WHERE "change_request_events"."kind" = 'approve';--> statement-breakpoint
CREATE UNIQUE INDEX "change_requests_number_unique" ON "change_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "change_requests_due_idx" ON "change_requests" USING btree ("scheduled_at") WHERE "change_requests"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "change_requests_tenant_created_idx" ON "change_requests" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "change_requests_status_created_idx" ON "change_requests" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD CONSTRAINT "gateway_routes_promoted_from_fk" FOREIGN KEY ("promoted_from_id") REFERENCES "public"."gateway_routes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opa_policies" ADD CONSTRAINT "opa_policies_promoted_from_fk" FOREIGN KEY ("promoted_from_id") REFERENCES "public"."opa_policies"("id") ON DELETE set null ON UPDATE no action;