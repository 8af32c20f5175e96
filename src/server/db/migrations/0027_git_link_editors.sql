-- Everyone who created or edited a Git link, kept on the link (docs/config-as-code-git.md, "Sync mode"): none
-- of them may approve what sync files, and the audit events that said so may be purged by retention.
-- Existing links take their creator and the editors the audit trail still names.
ALTER TABLE "git_links" ADD COLUMN "editor_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "git_links" SET "editor_ids" = coalesce((
  SELECT array_agg(DISTINCT "who") FROM (
    SELECT "git_links"."created_by_id" AS "who"
    UNION
    SELECT "actor_id" FROM "audit_events"
    WHERE "action" IN ('git_link.create', 'git_link.update') AND "resource_id" = "git_links"."id"
  ) AS "people" WHERE "who" IS NOT NULL
), '{}'::text[]);
