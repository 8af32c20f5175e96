CREATE INDEX "user_profiles_created_sort_idx" ON "user_profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "change_requests_created_sort_idx" ON "change_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "change_requests_updated_sort_idx" ON "change_requests" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "change_requests_scheduled_sort_idx" ON "change_requests" USING btree ("scheduled_at","id");--> statement-breakpoint
CREATE INDEX "change_requests_status_sort_idx" ON "change_requests" USING btree ("status","id");