ALTER TABLE "webhook_deliveries" ADD COLUMN "last_event_seq" bigint;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "kind" text DEFAULT 'webhook' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "format" text;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD COLUMN "batch_through" bigint;--> statement-breakpoint
ALTER TABLE "webhook_subscriptions" ADD CONSTRAINT "webhook_subscriptions_kind_check" CHECK ("webhook_subscriptions"."kind" in ('webhook', 'slack', 'teams', 'audit_stream'));