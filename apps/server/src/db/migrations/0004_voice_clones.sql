CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer NOT NULL,
	"run_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp (3) with time zone,
	"result" jsonb,
	"error" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_avatars" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"kind" text DEFAULT '2d' NOT NULL,
	"image_2d" text,
	"model_3d" text,
	"engine" text,
	"last_job_id" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voices" ALTER COLUMN "engine_params" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "cloned_by" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "clip_key" text;--> statement-breakpoint
ALTER TABLE "agent_avatars" ADD CONSTRAINT "agent_avatars_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_avatars" ADD CONSTRAINT "agent_avatars_last_job_id_jobs_id_fk" FOREIGN KEY ("last_job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","kind","run_at");--> statement-breakpoint
CREATE INDEX "voices_status_idx" ON "voices" USING btree ("status");--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_done_has_params" CHECK ("voices"."status" <> 'done' or "voices"."engine_params" is not null);