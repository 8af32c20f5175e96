-- Write generations of the landmarked tables (src/server/db/landmarks.ts, docs/lists.md, "Landmarks").
-- Before each statement that writes one of them, its sequence <table>_list_generation moves on, under a shared
-- transaction-scoped advisory lock of the family 727121 (ADVISORY_LOCKS.listGeneration) keyed by the table's name,
-- held to commit: a reader holding that lock exclusively knows no writer of the table is in flight.
CREATE FUNCTION "list_generation_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(727121, hashtext(TG_TABLE_NAME));
  PERFORM nextval(format('%I', TG_TABLE_NAME || '_list_generation')::regclass);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- One sequence and one statement trigger per table of LANDMARKED_TABLES (src/server/db/landmarks.ts).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['tenants', 'users', 'user_profiles', 'capabilities', 'microfrontends', 'microfrontend_versions', 'web_apps', 'web_app_meshes', 'audit_events', 'change_requests'] LOOP
    EXECUTE format('CREATE SEQUENCE %I', t || '_list_generation');
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION list_generation_bump()',
      t || '_list_generation', t);
  END LOOP;
END
$$;
