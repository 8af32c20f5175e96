-- Four eyes and single sign-on (docs/changes.md, docs/sso.md): the addresses an account had before, who had set
-- the address an identity was linked by, and unlinked identities kept (refused) instead of deleted.
ALTER TABLE "users" ADD COLUMN "past_emails" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "email_set_by_id" text;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "unlinked_at" timestamp with time zone;