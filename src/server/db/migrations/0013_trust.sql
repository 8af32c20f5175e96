ALTER TABLE "users" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_by_id" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "require_production_health_checks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "requested_token_id" text;