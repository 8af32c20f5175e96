ALTER TABLE "audit_events" ADD COLUMN "revision" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "seq" bigint;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_events_seq_idx" ON "audit_events" USING btree ("seq");--> statement-breakpoint
-- Hand-written below (drizzle-kit knows nothing of undeclared sequences, functions or triggers).
-- Live events (docs/live-updates.md): every audit event gets its seq at COMMIT, under one transaction lock,
-- so seq order is commit order; then it is announced with NOTIFY, which PostgreSQL delivers only once the
-- transaction has committed. The payload names what changed, never `changes` (secrets; 8 kB limit).
CREATE SEQUENCE "audit_events_seq_seq" AS bigint;--> statement-breakpoint
UPDATE "audit_events" SET "seq" = numbered.n
  FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS n FROM "audit_events") AS numbered
  WHERE "audit_events"."id" = numbered."id";--> statement-breakpoint
SELECT setval('audit_events_seq_seq', coalesce((SELECT max("seq") FROM "audit_events"), 0) + 1, false);--> statement-breakpoint
CREATE FUNCTION "audit_events_publish"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_seq bigint;
  payload text;
BEGIN
  -- Held to the end of COMMIT: no other transaction takes a seq until this one is visible. Taken in a
  -- deferred trigger, after every other lock of its transaction, so it cannot close a deadlock cycle.
  PERFORM pg_advisory_xact_lock(727002);
  next_seq := nextval('audit_events_seq_seq');
  UPDATE "audit_events" SET "seq" = next_seq WHERE "id" = NEW."id";
  IF NOT FOUND THEN
    RETURN NULL; -- deleted by its own transaction: nothing to announce
  END IF;
  payload := json_build_object(
    'seq', next_seq, 'action', NEW."action", 'resource_type', NEW."resource_type",
    'resource_id', NEW."resource_id", 'tenant_id', NEW."tenant_id", 'revision', NEW."revision",
    'actor_id', NEW."actor_id", 'actor_email', NEW."actor_email", 'created_at', NEW."created_at"
  )::text;
  -- Oversized (ids and actions are free text): announce the seq alone; listeners read the row.
  IF octet_length(payload) > 7000 THEN
    payload := json_build_object('seq', next_seq)::text;
  END IF;
  PERFORM pg_notify('rm_live', payload);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit_events_publish" AFTER INSERT ON "audit_events"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "audit_events_publish"();
