-- The times a change request's current round of approvals holds for (docs/changes.md, "Moving an approved
-- time"), so a kept move never becomes the baseline of the next; and the newest commit a Git link's file was
-- found live at, back to which sync reads the authors of what it files (docs/config-as-code-git.md).
ALTER TABLE "change_requests" ADD COLUMN "approved_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "change_requests" ADD COLUMN "approved_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "git_links" ADD COLUMN "applied_commit" text;