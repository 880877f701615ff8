CREATE TABLE "checkins" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkins_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "checkins_positive" CHECK ("checkins"."streak" >= 1 and "checkins"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_free_days" (
	"sender_id" uuid NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "gift_free_days_sender_id_day_pk" PRIMARY KEY("sender_id","day"),
	CONSTRAINT "gift_free_days_used" CHECK ("gift_free_days"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_id" uuid NOT NULL,
	"gift_key" text NOT NULL,
	"agent_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"currency" text NOT NULL,
	"unit_price" integer NOT NULL,
	"owner_share" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_sends_currency" CHECK ("gift_sends"."currency" in ('free', 'MSS', 'JE')),
	CONSTRAINT "gift_sends_amounts" CHECK ("gift_sends"."count" between 1 and 99 and "gift_sends"."unit_price" >= 0 and "gift_sends"."owner_share" >= 0 and ("gift_sends"."currency" <> 'free' or "gift_sends"."unit_price" = 0))
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_free_days" ADD CONSTRAINT "gift_free_days_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_gift_id_gifts_id_fk" FOREIGN KEY ("gift_id") REFERENCES "public"."gifts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_sends" ADD CONSTRAINT "gift_sends_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_sends_agent_created_idx" ON "gift_sends" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_sends_agent_sender_idx" ON "gift_sends" USING btree ("agent_id","sender_id");--> statement-breakpoint
CREATE INDEX "gift_sends_sender_idx" ON "gift_sends" USING btree ("sender_id");--> statement-breakpoint
-- the beer costs points from now on (SPEC §3 Gift: free, limited-time free, points or diamonds); the seed says the same for new databases
UPDATE "gifts" SET "price_kind" = 'points', "price" = 20 WHERE "key" = 'beer';
