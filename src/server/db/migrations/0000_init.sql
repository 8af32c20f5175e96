CREATE TABLE "tenants" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"owner" text NOT NULL,
	"development_enabled" boolean DEFAULT true NOT NULL,
	"uat_enabled" boolean DEFAULT true NOT NULL,
	"production_enabled" boolean DEFAULT true NOT NULL,
	"idp_provider" text,
	"idp_configuration" text,
	"auth_provider" text,
	"auth_configuration" text,
	"api_gateway_configuration" text,
	"policy_server_configuration" text,
	"data_classification" text,
	"data_retention_requirements" text,
	"data_residency" text,
	"disaster_recovery_requirements" text,
	"privacy_laws" text,
	"allowed_regions" text[],
	"environment_region_policies" text,
	"blue_green_config" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_name_not_blank" CHECK (length(trim("tenants"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"display_name" text,
	"job_title" text,
	"department" text,
	"permissions" text[],
	"preferences" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"global_role" text DEFAULT 'user' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_global_role" CHECK ("users"."global_role" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "capabilities" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"version" text,
	"status" text DEFAULT 'available' NOT NULL,
	"endpoint" text,
	"category" text,
	"blue_green_config" text,
	"configuration_schema" text,
	"supports_notification_templates" boolean DEFAULT false NOT NULL,
	CONSTRAINT "capabilities_status" CHECK ("capabilities"."status" in ('available', 'provisioning', 'deprecated'))
);
--> statement-breakpoint
CREATE TABLE "capability_subscription_versions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"subscription_id" text NOT NULL,
	"tenant_id" text NOT NULL,
	"capability_id" text NOT NULL,
	"environment" text NOT NULL,
	"region" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"configuration" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "capability_versions_environment" CHECK ("capability_subscription_versions"."environment" in ('development', 'uat', 'production')),
	CONSTRAINT "capability_versions_version_positive" CHECK ("capability_subscription_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "capability_subscriptions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"tenant_id" text NOT NULL,
	"capability_id" text NOT NULL,
	"environment" text NOT NULL,
	"region" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_apps" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"technology" text NOT NULL,
	"status" text DEFAULT 'provisioning' NOT NULL,
	"tenant_id" text NOT NULL,
	"environment" text DEFAULT 'development' NOT NULL,
	"region" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_apps_name_not_blank" CHECK (length(trim("web_apps"."name")) > 0)
);
--> statement-breakpoint
CREATE TABLE "microfrontend_versions" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"microfrontend_id" text NOT NULL,
	"version" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"entry_url" text,
	"module_type" text DEFAULT 'module-federation' NOT NULL,
	"exposed_modules" text,
	"shared_dependencies" text,
	"default_config" text,
	"build_metadata" text,
	"integrity_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "microfrontend_versions_status" CHECK ("microfrontend_versions"."status" in ('draft', 'published', 'deprecated'))
);
--> statement-breakpoint
CREATE TABLE "microfrontends" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"repository" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	CONSTRAINT "microfrontends_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "web_app_meshes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"tenant_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"menu_items" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "capability_deployments" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"environment" text NOT NULL,
	"slot" text NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"deployed_url" text,
	"traffic_percentage" integer DEFAULT 0 NOT NULL,
	"health_status" text DEFAULT 'unknown' NOT NULL,
	"health_check_url" text,
	"last_health_check" timestamp with time zone,
	"deployed_at" timestamp with time zone,
	"deployed_by" text,
	"activated_at" timestamp with time zone,
	"activated_by" text,
	"capability_id" text NOT NULL,
	"version" text NOT NULL,
	"endpoint" text,
	CONSTRAINT "capability_deployments_slot" CHECK ("capability_deployments"."slot" in ('blue', 'green')),
	CONSTRAINT "capability_deployments_status" CHECK ("capability_deployments"."status" in ('active', 'inactive')),
	CONSTRAINT "capability_deployments_traffic" CHECK ("capability_deployments"."traffic_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "microfrontend_deployments" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"environment" text NOT NULL,
	"slot" text NOT NULL,
	"status" text DEFAULT 'inactive' NOT NULL,
	"deployed_url" text,
	"traffic_percentage" integer DEFAULT 0 NOT NULL,
	"health_status" text DEFAULT 'unknown' NOT NULL,
	"health_check_url" text,
	"last_health_check" timestamp with time zone,
	"deployed_at" timestamp with time zone,
	"deployed_by" text,
	"activated_at" timestamp with time zone,
	"activated_by" text,
	"microfrontend_id" text NOT NULL,
	"version_id" text NOT NULL,
	CONSTRAINT "microfrontend_deployments_slot" CHECK ("microfrontend_deployments"."slot" in ('blue', 'green')),
	CONSTRAINT "microfrontend_deployments_status" CHECK ("microfrontend_deployments"."status" in ('active', 'inactive')),
	CONSTRAINT "microfrontend_deployments_traffic" CHECK ("microfrontend_deployments"."traffic_percentage" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "gateway_routes" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"tenant_id" text NOT NULL,
	"capability_id" text NOT NULL,
	"path" text NOT NULL,
	"methods" text[] NOT NULL,
	"target_service" text NOT NULL,
	"auth_required" boolean DEFAULT true NOT NULL,
	"rate_limit" integer,
	"environment" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "opa_policies" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"tenant_id" text NOT NULL,
	"capability_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"policy_type" text NOT NULL,
	"policy_content" text NOT NULL,
	"environment" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "notification_templates" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"capability_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"delivery_channel" text NOT NULL,
	"subject" text,
	"content" text NOT NULL,
	"variables" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text DEFAULT 'system' NOT NULL,
	CONSTRAINT "notification_templates_language" CHECK ("notification_templates"."language" in ('en', 'es', 'fr', 'de', 'zh')),
	CONSTRAINT "notification_templates_channel" CHECK ("notification_templates"."delivery_channel" in ('email', 'sms', 'inapp')),
	CONSTRAINT "notification_templates_status" CHECK ("notification_templates"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capability_subscription_versions" ADD CONSTRAINT "capability_subscription_versions_subscription_id_capability_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."capability_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capability_subscription_versions" ADD CONSTRAINT "capability_subscription_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capability_subscription_versions" ADD CONSTRAINT "capability_subscription_versions_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capability_subscriptions" ADD CONSTRAINT "capability_subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capability_subscriptions" ADD CONSTRAINT "capability_subscriptions_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_apps" ADD CONSTRAINT "web_apps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "microfrontend_versions" ADD CONSTRAINT "microfrontend_versions_microfrontend_id_microfrontends_id_fk" FOREIGN KEY ("microfrontend_id") REFERENCES "public"."microfrontends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_app_meshes" ADD CONSTRAINT "web_app_meshes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "capability_deployments" ADD CONSTRAINT "capability_deployments_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "microfrontend_deployments" ADD CONSTRAINT "microfrontend_deployments_microfrontend_id_microfrontends_id_fk" FOREIGN KEY ("microfrontend_id") REFERENCES "public"."microfrontends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "microfrontend_deployments" ADD CONSTRAINT "microfrontend_deployments_version_id_microfrontend_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."microfrontend_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD CONSTRAINT "gateway_routes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD CONSTRAINT "gateway_routes_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opa_policies" ADD CONSTRAINT "opa_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opa_policies" ADD CONSTRAINT "opa_policies_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_capability_id_capabilities_id_fk" FOREIGN KEY ("capability_id") REFERENCES "public"."capabilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_profiles_user_tenant_unique" ON "user_profiles" USING btree ("user_id","tenant_id");--> statement-breakpoint
CREATE INDEX "user_profiles_tenant_idx" ON "user_profiles" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "capability_versions_one_active" ON "capability_subscription_versions" USING btree ("tenant_id","capability_id","environment","region") WHERE "capability_subscription_versions"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "capability_versions_number_unique" ON "capability_subscription_versions" USING btree ("tenant_id","capability_id","environment","region","version");--> statement-breakpoint
CREATE UNIQUE INDEX "capability_subscriptions_tenant_capability_unique" ON "capability_subscriptions" USING btree ("tenant_id","capability_id");--> statement-breakpoint
CREATE INDEX "capability_subscriptions_capability_idx" ON "capability_subscriptions" USING btree ("capability_id");--> statement-breakpoint
CREATE INDEX "web_apps_tenant_idx" ON "web_apps" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "microfrontend_versions_number_unique" ON "microfrontend_versions" USING btree ("microfrontend_id","version");--> statement-breakpoint
CREATE INDEX "web_app_meshes_tenant_idx" ON "web_app_meshes" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "capability_deployments_slot_unique" ON "capability_deployments" USING btree ("capability_id","environment","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "microfrontend_deployments_slot_unique" ON "microfrontend_deployments" USING btree ("microfrontend_id","environment","slot");--> statement-breakpoint
CREATE INDEX "gateway_routes_tenant_idx" ON "gateway_routes" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "opa_policies_tenant_idx" ON "opa_policies" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "notification_templates_capability_idx" ON "notification_templates" USING btree ("capability_id");