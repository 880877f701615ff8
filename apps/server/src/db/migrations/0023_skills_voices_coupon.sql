CREATE TABLE "agent_skill_terms" (
	"agent_id" uuid NOT NULL,
	"skill_key" text NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"bought_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"renewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_skill_terms_agent_id_skill_key_pk" PRIMARY KEY("agent_id","skill_key")
);
--> statement-breakpoint
CREATE TABLE "voice_purchases" (
	"user_id" uuid NOT NULL,
	"voice_id" uuid NOT NULL,
	"price_diamonds" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voice_purchases_user_id_voice_id_pk" PRIMARY KEY("user_id","voice_id")
);
--> statement-breakpoint
CREATE TABLE "starter_coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"percent_off" integer NOT NULL,
	"order_id" uuid,
	"claimed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"spent_at" timestamp (3) with time zone,
	CONSTRAINT "starter_coupons_percent_off" CHECK ("starter_coupons"."percent_off" > 0 and "starter_coupons"."percent_off" < 100),
	CONSTRAINT "starter_coupons_spent_on_order" CHECK ("starter_coupons"."spent_at" is null or "starter_coupons"."order_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "discount_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_skill_terms" ADD CONSTRAINT "agent_skill_terms_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_skill_terms" ADD CONSTRAINT "agent_skill_terms_skill_key_skills_key_fk" FOREIGN KEY ("skill_key") REFERENCES "public"."skills"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_purchases" ADD CONSTRAINT "voice_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_purchases" ADD CONSTRAINT "voice_purchases_voice_id_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starter_coupons" ADD CONSTRAINT "starter_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "starter_coupons" ADD CONSTRAINT "starter_coupons_order_id_recharge_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."recharge_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "starter_coupons_user_idx" ON "starter_coupons" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "starter_coupons_order_idx" ON "starter_coupons" USING btree ("order_id");--> statement-breakpoint
-- the demo's premium voice (seed id of voice:xing) on installations seeded before voices were sold
UPDATE "voices" SET "price_diamonds" = 120 WHERE "id" = '22434e1a-e5e6-58f9-8f63-48b72e9029de' AND "is_official" AND "price_diamonds" = 0;
--> statement-breakpoint
-- skills chosen while choosing was free keep working, for good: nobody loses what they had when skills began to be sold
INSERT INTO "agent_skill_terms" ("agent_id", "skill_key", "expires_at") SELECT "agent_id", "skill_key", NULL FROM "agent_skills" ON CONFLICT DO NOTHING;
