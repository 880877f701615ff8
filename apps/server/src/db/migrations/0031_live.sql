CREATE TABLE "live_events" (
	"show_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"body" jsonb NOT NULL,
	"client_key" text,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_show_id_seq_pk" PRIMARY KEY("show_id","seq")
);
--> statement-breakpoint
CREATE TABLE "live_givers" (
	"show_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"diamonds" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "live_givers_show_id_user_id_pk" PRIMARY KEY("show_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_members" (
	"show_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"joined_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"greeted" boolean DEFAULT false NOT NULL,
	"muted" boolean DEFAULT false NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"last_chat_at" timestamp (3) with time zone,
	CONSTRAINT "live_members_show_id_user_id_pk" PRIMARY KEY("show_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_shows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"cover" text,
	"scene" jsonb NOT NULL,
	"playlist" jsonb NOT NULL,
	"greeting" text DEFAULT '' NOT NULL,
	"chat_policy" text NOT NULL,
	"slow_mode_seconds" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'live' NOT NULL,
	"started_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"last_seq" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"watched_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"peak_viewers" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"gifts" integer DEFAULT 0 NOT NULL,
	"diamonds" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"answered_seq" integer DEFAULT 0 NOT NULL,
	"thanked_seq" integer DEFAULT 0 NOT NULL,
	"greeted_at" timestamp (3) with time zone,
	"speaking_until" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_show_id_live_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."live_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_events" ADD CONSTRAINT "live_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_givers" ADD CONSTRAINT "live_givers_show_id_live_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."live_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_givers" ADD CONSTRAINT "live_givers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_members" ADD CONSTRAINT "live_members_show_id_live_shows_id_fk" FOREIGN KEY ("show_id") REFERENCES "public"."live_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_members" ADD CONSTRAINT "live_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_shows" ADD CONSTRAINT "live_shows_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_shows" ADD CONSTRAINT "live_shows_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_events_client_key_idx" ON "live_events" USING btree ("show_id","user_id","client_key") WHERE "live_events"."client_key" is not null;--> statement-breakpoint
CREATE INDEX "live_givers_rank_idx" ON "live_givers" USING btree ("show_id","diamonds" DESC NULLS LAST,"points" DESC NULLS LAST,"gifts" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "live_members_greet_idx" ON "live_members" USING btree ("show_id","joined_at") WHERE not "live_members"."greeted";--> statement-breakpoint
CREATE UNIQUE INDEX "live_shows_agent_live_idx" ON "live_shows" USING btree ("agent_id") WHERE "live_shows"."state" = 'live';--> statement-breakpoint
CREATE INDEX "live_shows_live_viewers_idx" ON "live_shows" USING btree ("viewers" DESC NULLS LAST,"started_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "live_shows"."state" = 'live';--> statement-breakpoint
CREATE INDEX "live_shows_owner_idx" ON "live_shows" USING btree ("owner_id","started_at");