CREATE TABLE "email_deliveries" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"event_seq" bigint NOT NULL,
	"event" text NOT NULL,
	"recipient_id" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" text PRIMARY KEY DEFAULT 'mailer' NOT NULL,
	"cursor" bigint NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_outbox_one_row" CHECK ("email_outbox"."id" = 'mailer')
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"awaiting_review" boolean DEFAULT true NOT NULL,
	"my_requests" boolean DEFAULT true NOT NULL,
	"rollout_rolled_back" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_deliveries_event_recipient" ON "email_deliveries" USING btree ("event_seq","recipient_id");--> statement-breakpoint
CREATE INDEX "email_deliveries_created_idx" ON "email_deliveries" USING btree ("created_at");