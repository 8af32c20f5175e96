CREATE TABLE "change_request_people" (
	"change_request_id" text NOT NULL,
	"user_id" text NOT NULL,
	"reason" text NOT NULL,
	CONSTRAINT "change_request_people_change_request_id_user_id_pk" PRIMARY KEY("change_request_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "change_request_people" ADD CONSTRAINT "change_request_people_change_request_id_change_requests_id_fk" FOREIGN KEY ("change_request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;