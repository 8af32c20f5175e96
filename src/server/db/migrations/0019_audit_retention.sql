CREATE TABLE "audit_exports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"reason" text NOT NULL,
	"from_seq" bigint,
	"to_seq" bigint,
	"from_time" timestamp with time zone,
	"to_time" timestamp with time zone,
	"event_count" integer NOT NULL,
	"bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_exports_reason" CHECK ("audit_exports"."reason" in ('retention', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "audit_retention" (
	"id" text PRIMARY KEY DEFAULT 'global' NOT NULL,
	"days" integer,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "audit_retention_single_row" CHECK ("audit_retention"."id" = 'global'),
	CONSTRAINT "audit_retention_days" CHECK ("audit_retention"."days" is null or "audit_retention"."days" between 1 and 3650)
);
--> statement-breakpoint
CREATE INDEX "audit_exports_created_idx" ON "audit_exports" USING btree ("created_at","id");