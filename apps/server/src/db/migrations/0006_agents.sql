CREATE TABLE "agent_auditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"opening_sha256" text NOT NULL,
	"voices_sha256" text NOT NULL,
	"audio" text NOT NULL,
	"engine" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_skills" (
	"agent_id" uuid NOT NULL,
	"skill_key" text NOT NULL,
	CONSTRAINT "agent_skills_agent_id_skill_key_pk" PRIMARY KEY("agent_id","skill_key")
);
--> statement-breakpoint
CREATE TABLE "agent_voices" (
	"agent_id" uuid NOT NULL,
	"voice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"pitch" integer DEFAULT 0 NOT NULL,
	"volume" double precision DEFAULT 1 NOT NULL,
	"speed" double precision DEFAULT 1 NOT NULL,
	CONSTRAINT "agent_voices_agent_id_voice_id_pk" PRIMARY KEY("agent_id","voice_id"),
	CONSTRAINT "agent_voices_pitch_range" CHECK ("agent_voices"."pitch" between -12 and 12),
	CONSTRAINT "agent_voices_volume_range" CHECK ("agent_voices"."volume" between 0.5 and 2),
	CONSTRAINT "agent_voices_speed_range" CHECK ("agent_voices"."speed" between 0.5 and 2)
);
--> statement-breakpoint
CREATE TABLE "chat_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"background" text DEFAULT '' NOT NULL,
	"is_global" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_identities_global_has_no_agent" CHECK ("chat_identities"."is_global" = ("chat_identities"."agent_id" is null))
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"key" text PRIMARY KEY NOT NULL,
	"price_diamonds" integer NOT NULL,
	"usage_days" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "skills_price_diamonds_nonnegative" CHECK ("skills"."price_diamonds" >= 0),
	CONSTRAINT "skills_usage_days_positive" CHECK ("skills"."usage_days" is null or "skills"."usage_days" > 0)
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "avatar_kind" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "avatar_vrm" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "avatar_edit_prompt" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "avatar_reference_image" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "avatar_style" text;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "deleted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_auditions" ADD CONSTRAINT "agent_auditions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_skills" ADD CONSTRAINT "agent_skills_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_skills" ADD CONSTRAINT "agent_skills_skill_key_skills_key_fk" FOREIGN KEY ("skill_key") REFERENCES "public"."skills"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_voices" ADD CONSTRAINT "agent_voices_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_voices" ADD CONSTRAINT "agent_voices_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_identities" ADD CONSTRAINT "chat_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_identities" ADD CONSTRAINT "chat_identities_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_auditions_agent_idx" ON "agent_auditions" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_identities_user_created_idx" ON "chat_identities" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agents_owner_created_idx" ON "agents" USING btree ("owner_id","created_at");