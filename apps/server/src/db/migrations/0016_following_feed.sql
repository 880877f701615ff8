CREATE TABLE "following_feed" (
	"viewer_id" uuid NOT NULL,
	"work_id" uuid NOT NULL,
	"published_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "following_feed_viewer_id_published_at_work_id_pk" PRIMARY KEY("viewer_id","published_at","work_id")
);
--> statement-breakpoint
ALTER TABLE "following_feed" ADD CONSTRAINT "following_feed_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "following_feed" ADD CONSTRAINT "following_feed_work_id_works_id_fk" FOREIGN KEY ("work_id") REFERENCES "public"."works"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "following_feed_work_idx" ON "following_feed" USING btree ("work_id");--> statement-breakpoint
-- My Following written ahead (decision 0018). A work's rows follow its state: it has one row
-- per follower of its author and of its agent while it is shown, none otherwise. Each change
-- first takes the subject's row lock (the author's users row, the agent's row), as the follow
-- triggers below do, so a follow and a publish at the same moment cannot both miss each other.
CREATE OR REPLACE FUNCTION starlit_following_feed_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.author_id FOR NO KEY UPDATE;
  IF NEW.agent_id IS NOT NULL THEN
    PERFORM 1 FROM agents WHERE id = NEW.agent_id FOR NO KEY UPDATE;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM following_feed WHERE work_id = OLD.id;
  END IF;
  IF NEW.is_public AND NEW.published_at IS NOT NULL AND NEW.hidden_at IS NULL THEN
    INSERT INTO following_feed (viewer_id, work_id, published_at)
      SELECT follower_id, NEW.id, NEW.published_at FROM user_follows WHERE followee_id = NEW.author_id
      UNION
      SELECT user_id, NEW.id, NEW.published_at FROM agent_follows WHERE agent_id = NEW.agent_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER following_feed_work_insert AFTER INSERT ON works FOR EACH ROW
  WHEN (NEW.is_public AND NEW.published_at IS NOT NULL AND NEW.hidden_at IS NULL)
  EXECUTE FUNCTION starlit_following_feed_work();
--> statement-breakpoint
CREATE TRIGGER following_feed_work_update AFTER UPDATE OF is_public, published_at, hidden_at, agent_id ON works FOR EACH ROW
  WHEN (OLD.is_public IS DISTINCT FROM NEW.is_public OR OLD.published_at IS DISTINCT FROM NEW.published_at
        OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at OR OLD.agent_id IS DISTINCT FROM NEW.agent_id)
  EXECUTE FUNCTION starlit_following_feed_work();
--> statement-breakpoint
-- following someone brings in their shown works; a work of theirs also reached through a followed agent stays on unfollow
CREATE OR REPLACE FUNCTION starlit_following_feed_user_followed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT followee_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO following_feed (viewer_id, work_id, published_at)
    SELECT n.follower_id, w.id, w.published_at FROM new_rows n JOIN works w ON w.author_id = n.followee_id
    WHERE w.is_public AND w.published_at IS NOT NULL AND w.hidden_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starlit_following_feed_user_unfollowed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id IN (SELECT followee_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM following_feed f USING old_rows o, works w
    WHERE w.author_id = o.followee_id AND w.is_public AND w.published_at IS NOT NULL AND w.hidden_at IS NULL
      AND f.viewer_id = o.follower_id AND f.published_at = w.published_at AND f.work_id = w.id
      AND NOT EXISTS (SELECT 1 FROM agent_follows a WHERE a.user_id = o.follower_id AND a.agent_id = w.agent_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER following_feed_user_followed AFTER INSERT ON user_follows REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION starlit_following_feed_user_followed();
--> statement-breakpoint
CREATE TRIGGER following_feed_user_unfollowed AFTER DELETE ON user_follows REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION starlit_following_feed_user_unfollowed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starlit_following_feed_agent_followed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM agents WHERE id IN (SELECT agent_id FROM new_rows) ORDER BY id FOR NO KEY UPDATE;
  INSERT INTO following_feed (viewer_id, work_id, published_at)
    SELECT n.user_id, w.id, w.published_at FROM new_rows n JOIN works w ON w.agent_id = n.agent_id
    WHERE w.is_public AND w.published_at IS NOT NULL AND w.hidden_at IS NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION starlit_following_feed_agent_unfollowed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM agents WHERE id IN (SELECT agent_id FROM old_rows) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM following_feed f USING old_rows o, works w
    WHERE w.agent_id = o.agent_id AND w.is_public AND w.published_at IS NOT NULL AND w.hidden_at IS NULL
      AND f.viewer_id = o.user_id AND f.published_at = w.published_at AND f.work_id = w.id
      AND NOT EXISTS (SELECT 1 FROM user_follows u WHERE u.follower_id = o.user_id AND u.followee_id = w.author_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER following_feed_agent_followed AFTER INSERT ON agent_follows REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION starlit_following_feed_agent_followed();
--> statement-breakpoint
CREATE TRIGGER following_feed_agent_unfollowed AFTER DELETE ON agent_follows REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION starlit_following_feed_agent_unfollowed();
--> statement-breakpoint
-- the follows and works made before this migration
INSERT INTO following_feed (viewer_id, work_id, published_at)
  SELECT f.follower_id, w.id, w.published_at FROM user_follows f JOIN works w ON w.author_id = f.followee_id
  WHERE w.is_public AND w.published_at IS NOT NULL AND w.hidden_at IS NULL
  UNION
  SELECT a.user_id, w.id, w.published_at FROM agent_follows a JOIN works w ON w.agent_id = a.agent_id
  WHERE w.is_public AND w.published_at IS NOT NULL AND w.hidden_at IS NULL
ON CONFLICT DO NOTHING;
