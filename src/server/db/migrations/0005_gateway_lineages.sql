DROP INDEX "gateway_routes_tenant_idx";--> statement-breakpoint
DROP INDEX "opa_policies_tenant_idx";--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD COLUMN "lineage_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "opa_policies" ADD COLUMN "lineage_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_routes_lineage_version_unique" ON "gateway_routes" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_routes_one_active" ON "gateway_routes" USING btree ("lineage_id") WHERE "gateway_routes"."is_active";--> statement-breakpoint
CREATE INDEX "gateway_routes_tenant_env_idx" ON "gateway_routes" USING btree ("tenant_id","environment","capability_id");--> statement-breakpoint
CREATE INDEX "gateway_routes_capability_idx" ON "gateway_routes" USING btree ("capability_id");--> statement-breakpoint
CREATE UNIQUE INDEX "opa_policies_lineage_version_unique" ON "opa_policies" USING btree ("lineage_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "opa_policies_one_active" ON "opa_policies" USING btree ("lineage_id") WHERE "opa_policies"."is_active";--> statement-breakpoint
CREATE INDEX "opa_policies_tenant_env_idx" ON "opa_policies" USING btree ("tenant_id","environment","capability_id");--> statement-breakpoint
CREATE INDEX "opa_policies_capability_idx" ON "opa_policies" USING btree ("capability_id");--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD CONSTRAINT "gateway_routes_environment" CHECK ("gateway_routes"."environment" in ('development', 'uat', 'production'));--> statement-breakpoint
ALTER TABLE "gateway_routes" ADD CONSTRAINT "gateway_routes_version_positive" CHECK ("gateway_routes"."version" > 0);--> statement-breakpoint
ALTER TABLE "opa_policies" ADD CONSTRAINT "opa_policies_environment" CHECK ("opa_policies"."environment" in ('development', 'uat', 'production'));--> statement-breakpoint
ALTER TABLE "opa_policies" ADD CONSTRAINT "opa_policies_version_positive" CHECK ("opa_policies"."version" > 0);