CREATE TABLE "prompt_words" (
	"word" text PRIMARY KEY NOT NULL,
	"added_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_words" ADD CONSTRAINT "prompt_words_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;