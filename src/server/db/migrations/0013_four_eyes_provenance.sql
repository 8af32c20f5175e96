ALTER TABLE "users" ADD COLUMN "created_by_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_set_by_id" text;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "requested_token_id" text;