CREATE TABLE "settings" (
	"id" text PRIMARY KEY DEFAULT 'global' NOT NULL,
	"account_email" text,
	"organization" text,
	"email_notifications" boolean DEFAULT true NOT NULL,
	"auto_scaling" boolean DEFAULT false NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 'global')
);
--> statement-breakpoint
ALTER TABLE "web_apps" ADD COLUMN "use_standard_header" boolean DEFAULT false;--> statement-breakpoint
ALTER TABLE "web_apps" ADD COLUMN "use_standard_footer" boolean DEFAULT false;