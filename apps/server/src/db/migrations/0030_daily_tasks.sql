CREATE TABLE "daily_task_steps" (
	"task_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"output" jsonb,
	"engine" text,
	"ms" integer,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_task_steps_task_id_name_pk" PRIMARY KEY("task_id","name")
);
--> statement-breakpoint
CREATE TABLE "daily_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text NOT NULL,
	"form" jsonb NOT NULL,
	"agent_id" uuid,
	"day" text NOT NULL,
	"state" text DEFAULT 'generating' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cost_currency" text NOT NULL,
	"cost_amount" integer NOT NULL,
	"hold_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"error_code" integer,
	"publish_state" text DEFAULT 'waiting' NOT NULL,
	"publish_at" timestamp (3) with time zone,
	"publish_job_id" uuid,
	"work_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp (3) with time zone,
	CONSTRAINT "daily_tasks_progress_range" CHECK ("daily_tasks"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "task_id" uuid;--> statement-breakpoint
ALTER TABLE "daily_task_steps" ADD CONSTRAINT "daily_task_steps_task_id_daily_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."daily_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_tasks" ADD CONSTRAINT "daily_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_tasks_owner_idx" ON "daily_tasks" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "daily_tasks_owner_day_idx" ON "daily_tasks" USING btree ("owner_id","day","type");--> statement-breakpoint
CREATE INDEX "daily_tasks_generating_idx" ON "daily_tasks" USING btree ("owner_id") WHERE state = 'generating';--> statement-breakpoint
CREATE INDEX "daily_tasks_scheduled_idx" ON "daily_tasks" USING btree ("owner_id") WHERE publish_state = 'scheduled';--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_task_id_daily_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."daily_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_task_id_unique" UNIQUE("task_id");