-- The caller's access when an idempotent request ran (docs/idempotency.md, "Rights at replay"): a replay to a
-- caller whose access has changed since is refused. Rows stored before keep null and the older check.
ALTER TABLE "idempotency_keys" ADD COLUMN "access_hash" text;