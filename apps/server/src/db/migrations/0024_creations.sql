CREATE TABLE "creations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"workflow" text NOT NULL,
	"description" text NOT NULL,
	"style" text NOT NULL,
	"ratio" text NOT NULL,
	"agent_id" uuid,
	"state" text DEFAULT 'generating' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"engine" text,
	"job_id" uuid,
	"result_key" text,
	"result_url" text,
	"result_mime" text,
	"cost_currency" text NOT NULL,
	"cost_amount" integer NOT NULL,
	"hold_id" uuid NOT NULL,
	"error_code" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "creations_progress_range" CHECK ("creations"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "creations" ADD CONSTRAINT "creations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "creations_owner_idx" ON "creations" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "creations_generating_idx" ON "creations" USING btree ("owner_id") WHERE state = 'generating';