-- pg_trgm serves the lists' case-insensitive "contains" search (gin_trgm_ops indexes below). It is a
-- trusted extension (PostgreSQL 13+): a database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "audit_events_created_idx";--> statement-breakpoint
CREATE INDEX "tenants_name_search_idx" ON "tenants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_owner_search_idx" ON "tenants" USING gin ("owner" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tenants_name_sort_idx" ON "tenants" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "tenants_status_sort_idx" ON "tenants" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "tenants_owner_sort_idx" ON "tenants" USING btree ("owner","id");--> statement-breakpoint
CREATE INDEX "tenants_created_sort_idx" ON "tenants" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_email_sort_idx" ON "users" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "users_global_role_sort_idx" ON "users" USING btree ("global_role","id");--> statement-breakpoint
CREATE INDEX "users_status_sort_idx" ON "users" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_created_sort_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_last_login_sort_idx" ON "users" USING btree ("last_login_at","id");--> statement-breakpoint
CREATE INDEX "capabilities_name_search_idx" ON "capabilities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "capabilities_description_search_idx" ON "capabilities" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "capabilities_category_search_idx" ON "capabilities" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "capabilities_name_sort_idx" ON "capabilities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "capabilities_status_sort_idx" ON "capabilities" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "capabilities_category_sort_idx" ON "capabilities" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "capabilities_version_sort_idx" ON "capabilities" USING btree ("version","id");--> statement-breakpoint
CREATE INDEX "web_apps_name_search_idx" ON "web_apps" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "web_apps_description_search_idx" ON "web_apps" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "web_apps_technology_search_idx" ON "web_apps" USING gin ("technology" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "web_apps_name_sort_idx" ON "web_apps" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "web_apps_status_sort_idx" ON "web_apps" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "web_apps_environment_sort_idx" ON "web_apps" USING btree ("environment","id");--> statement-breakpoint
CREATE INDEX "web_apps_technology_sort_idx" ON "web_apps" USING btree ("technology","id");--> statement-breakpoint
CREATE INDEX "web_apps_created_sort_idx" ON "web_apps" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "microfrontend_versions_created_sort_idx" ON "microfrontend_versions" USING btree ("microfrontend_id","created_at","id");--> statement-breakpoint
CREATE INDEX "microfrontend_versions_status_sort_idx" ON "microfrontend_versions" USING btree ("microfrontend_id","status","id");--> statement-breakpoint
CREATE INDEX "microfrontends_name_search_idx" ON "microfrontends" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "microfrontends_slug_search_idx" ON "microfrontends" USING gin ("slug" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "microfrontends_description_search_idx" ON "microfrontends" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "microfrontends_name_sort_idx" ON "microfrontends" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "microfrontends_slug_sort_idx" ON "microfrontends" USING btree ("slug","id");--> statement-breakpoint
CREATE INDEX "microfrontends_created_sort_idx" ON "microfrontends" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "web_app_meshes_name_sort_idx" ON "web_app_meshes" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "web_app_meshes_created_sort_idx" ON "web_app_meshes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_created_sort_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_sort_idx" ON "audit_events" USING btree ("action","id");--> statement-breakpoint
CREATE INDEX "audit_events_resource_type_sort_idx" ON "audit_events" USING btree ("resource_type","id");--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_sort_idx" ON "audit_events" USING btree ("actor_email","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_search_idx" ON "audit_events" USING gin ("action" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_search_idx" ON "audit_events" USING gin ("actor_email" gin_trgm_ops);