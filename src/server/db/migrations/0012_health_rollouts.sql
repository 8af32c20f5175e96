CREATE TABLE "deployment_health_results" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"resource_type" text NOT NULL,
	"deployment_id" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" integer,
	"reason" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rollouts" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"environment" text NOT NULL,
	"from_slot" text NOT NULL,
	"to_slot" text NOT NULL,
	"steps" jsonb NOT NULL,
	"step_index" integer DEFAULT 0 NOT NULL,
	"traffic_percentage" integer DEFAULT 0 NOT NULL,
	"analysis_window_seconds" integer NOT NULL,
	"watch_window_seconds" integer NOT NULL,
	"state" text NOT NULL,
	"next_action_at" timestamp with time zone,
	"remaining_ms" integer,
	"reason" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"revision" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "rollouts_state" CHECK ("rollouts"."state" in ('running', 'paused', 'watching', 'completed', 'aborted')),
	CONSTRAINT "rollouts_traffic" CHECK ("rollouts"."traffic_percentage" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "capability_deployments" ADD COLUMN "health_reason" text;--> statement-breakpoint
ALTER TABLE "capability_deployments" ADD COLUMN "health_check_interval_seconds" integer;--> statement-breakpoint
ALTER TABLE "capability_deployments" ADD COLUMN "health_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "capability_deployments" ADD COLUMN "health_successes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "capability_deployments" ADD COLUMN "next_health_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "microfrontend_deployments" ADD COLUMN "health_reason" text;--> statement-breakpoint
ALTER TABLE "microfrontend_deployments" ADD COLUMN "health_check_interval_seconds" integer;--> statement-breakpoint
ALTER TABLE "microfrontend_deployments" ADD COLUMN "health_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "microfrontend_deployments" ADD COLUMN "health_successes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "microfrontend_deployments" ADD COLUMN "next_health_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "deployment_health_results_slot_idx" ON "deployment_health_results" USING btree ("deployment_id","checked_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rollouts_one_active" ON "rollouts" USING btree ("resource_type","resource_id","environment") WHERE "rollouts"."state" in ('running', 'paused', 'watching');--> statement-breakpoint
CREATE INDEX "rollouts_due_idx" ON "rollouts" USING btree ("next_action_at");--> statement-breakpoint
CREATE INDEX "rollouts_resource_idx" ON "rollouts" USING btree ("resource_type","resource_id","environment","started_at");--> statement-breakpoint
CREATE INDEX "capability_deployments_next_health_idx" ON "capability_deployments" USING btree ("next_health_check_at");--> statement-breakpoint
CREATE INDEX "microfrontend_deployments_next_health_idx" ON "microfrontend_deployments" USING btree ("next_health_check_at");