-- Who last set a user's e-mail for them (docs/changes.md, "Another person"): an address someone else chose can
-- be linked to their own single sign-on, so four eyes count them as able to act as that account.
ALTER TABLE "users" ADD COLUMN "email_set_by_id" text;