ALTER TABLE "change_requests" DROP COLUMN "change";--> statement-breakpoint
ALTER TABLE "change_requests" DROP COLUMN "diff";--> statement-breakpoint
ALTER TABLE "change_requests" DROP COLUMN "base_fingerprint";