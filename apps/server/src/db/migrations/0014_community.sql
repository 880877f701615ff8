-- Search documents and Recommend's rank are generated columns (docs/search.md,
-- docs/community.md); these functions are IMMUTABLE so PostgreSQL may store their results.
CREATE OR REPLACE FUNCTION starlit_join(parts text[]) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT coalesce(array_to_string(parts, ' '), '') $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starlit_search_terms(doc text) RETURNS text[]
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
DECLARE
  w text;
  terms text[] := '{}';
  n int;
BEGIN
  IF doc IS NULL THEN RETURN terms; END IF;
  doc := regexp_replace(lower(doc), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)', ' \1 ', 'g');
  FOREACH w IN ARRAY regexp_split_to_array(doc, '[[:space:][:punct:]\u00a0-\u00bf\u2000-\u206f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+') LOOP
    CONTINUE WHEN w = '';
    IF w ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+$' THEN
      n := length(w);
      FOR i IN 1..n LOOP
        terms := terms || substr(w, i, 1);
        IF i < n THEN terms := terms || substr(w, i, 2); END IF;
      END LOOP;
    ELSE
      terms := terms || left(w, 60);
    END IF;
  END LOOP;
  RETURN terms;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starlit_search_doc(doc text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$ SELECT array_to_tsvector(starlit_search_terms(doc)) $fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starlit_search_query(q text) RETURNS tsquery
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
DECLARE
  w text;
  parts text[] := '{}';
  n int;
  quoted text;
BEGIN
  q := regexp_replace(lower(coalesce(q, '')), '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+)', ' \1 ', 'g');
  FOREACH w IN ARRAY regexp_split_to_array(q, '[[:space:][:punct:]\u00a0-\u00bf\u2000-\u206f\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+') LOOP
    CONTINUE WHEN w = '';
    IF w ~ '^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]+$' THEN
      n := length(w);
      IF n = 1 THEN
        parts := parts || quote_literal(w);
      ELSE
        FOR i IN 1..n - 1 LOOP
          parts := parts || quote_literal(substr(w, i, 2));
        END LOOP;
      END IF;
    ELSE
      parts := parts || (quote_literal(left(w, 60)) || ':*');
    END IF;
  END LOOP;
  IF cardinality(parts) = 0 THEN RETURN NULL; END IF;
  RETURN array_to_string(parts, ' & ')::tsquery;
END
$fn$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starlit_work_rank(likes integer, comments integer, collects integer, published timestamptz) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT CASE WHEN published IS NULL THEN NULL
    ELSE ln(1 + greatest(likes, 0) + 2 * greatest(comments, 0) + 3 * greatest(collects, 0)) + extract(epoch FROM published)::double precision / 43200 END
$fn$;
--> statement-breakpoint
CREATE TABLE "work_collections" (
	"user_id" uuid NOT NULL,
	"work_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_collections_user_id_work_id_pk" PRIMARY KEY("user_id","work_id")
);
--> statement-breakpoint
CREATE TABLE "work_likes" (
	"work_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_likes_work_id_user_id_pk" PRIMARY KEY("work_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "agent_follows" (
	"user_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_follows_user_id_agent_id_pk" PRIMARY KEY("user_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "follow_counts" (
	"subject_id" uuid PRIMARY KEY NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	"following" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "user_follows" (
	"follower_id" uuid NOT NULL,
	"followee_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
CREATE TABLE "comment_likes" (
	"comment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"root_id" uuid,
	"reply_to_id" uuid,
	"reply_to_user_id" uuid,
	"text" text NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" text NOT NULL,
	"work_id" uuid,
	"subject_user_id" uuid,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"images" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"action_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "user_strikes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"action_id" uuid,
	"reason" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_works" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "muted_until" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (starlit_search_doc(user_name)) STORED;--> statement-breakpoint
ALTER TABLE "interact_notices" ADD COLUMN "others_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (starlit_search_doc(nickname || ' ' || starlit_join(tags) || ' ' || role_intro)) STORED;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "like_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "collect_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "comment_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "rank" double precision GENERATED ALWAYS AS (starlit_work_rank(like_count, comment_count, collect_count, published_at)) STORED;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "search_doc" "tsvector" GENERATED ALWAYS AS (starlit_search_doc(coalesce(name, '') || ' ' || coalesce(category, '') || ' ' || starlit_join(tags) || ' ' || coalesce(description, ''))) STORED;--> statement-breakpoint
ALTER TABLE "work_collections" ADD CONSTRAINT "work_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_collections" ADD CONSTRAINT "work_collections_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_likes" ADD CONSTRAINT "work_likes_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_likes" ADD CONSTRAINT "work_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_follows" ADD CONSTRAINT "agent_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_follows" ADD CONSTRAINT "agent_follows_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_follows" ADD CONSTRAINT "user_follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_root_id_comments_id_fk" FOREIGN KEY ("root_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_id_comments_id_fk" FOREIGN KEY ("reply_to_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_to_user_id_users_id_fk" FOREIGN KEY ("reply_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_strikes" ADD CONSTRAINT "user_strikes_action_id_moderation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."moderation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "work_collections_user_created_idx" ON "work_collections" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "work_collections_work_idx" ON "work_collections" USING btree ("work_id");--> statement-breakpoint
CREATE INDEX "work_likes_user_created_idx" ON "work_likes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_follows_agent_created_idx" ON "agent_follows" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "user_follows_followee_created_idx" ON "user_follows" USING btree ("followee_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_work_newest_idx" ON "comments" USING btree ("work_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."root_id" is null;--> statement-breakpoint
CREATE INDEX "comments_work_liked_idx" ON "comments" USING btree ("work_id","like_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "comments"."root_id" is null;--> statement-breakpoint
CREATE INDEX "comments_root_created_idx" ON "comments" USING btree ("root_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_subject_idx" ON "moderation_actions" USING btree ("subject_user_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_status_work_idx" ON "reports" USING btree ("status","work_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_work_created_idx" ON "reports" USING btree ("reporter_id","work_id","created_at");--> statement-breakpoint
CREATE INDEX "user_strikes_user_expires_idx" ON "user_strikes" USING btree ("user_id","expires_at");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "agents_search_idx" ON "agents" USING gin ("search_doc");--> statement-breakpoint
CREATE INDEX "works_feed_rank_idx" ON "works" USING btree ("rank" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."is_public" and "works"."published_at" is not null and "works"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "works_feed_recent_idx" ON "works" USING btree ("published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."is_public" and "works"."published_at" is not null and "works"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "works_feed_kind_idx" ON "works" USING btree ("kind","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."is_public" and "works"."published_at" is not null and "works"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "works_feed_author_idx" ON "works" USING btree ("author_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."is_public" and "works"."published_at" is not null and "works"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "works_feed_agent_idx" ON "works" USING btree ("agent_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "works"."is_public" and "works"."published_at" is not null and "works"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "works_search_idx" ON "works" USING gin ("search_doc");