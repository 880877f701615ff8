CREATE TABLE "gifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"price_kind" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"free_until" timestamp (3) with time zone,
	"expires_at" timestamp (3) with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_key_unique" UNIQUE("key"),
	CONSTRAINT "gifts_price_nonnegative" CHECK ("gifts"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"name_en" text NOT NULL,
	"name_zh_tw" text NOT NULL,
	"price_diamonds" integer NOT NULL,
	"cover" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_items_price_diamonds_nonnegative" CHECK ("store_items"."price_diamonds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "voices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"language" text NOT NULL,
	"is_official" boolean DEFAULT false NOT NULL,
	"owner_id" uuid,
	"engine_params" jsonb NOT NULL,
	"sample" text,
	"price_diamonds" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "voices_price_diamonds_nonnegative" CHECK ("voices"."price_diamonds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_items_category_sort_idx" ON "store_items" USING btree ("category","sort");--> statement-breakpoint
CREATE INDEX "voices_owner_idx" ON "voices" USING btree ("owner_id");