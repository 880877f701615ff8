CREATE TABLE "recharge_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"diamonds" integer NOT NULL,
	"bonus" integer NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"request_key" text NOT NULL,
	"agreement_version" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp (3) with time zone,
	CONSTRAINT "recharge_orders_status" CHECK ("recharge_orders"."status" in ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "recharge_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"diamonds" integer NOT NULL,
	"bonus" integer DEFAULT 0 NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"sort" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "recharge_packages_amounts" CHECK ("recharge_packages"."diamonds" > 0 and "recharge_packages"."bonus" >= 0 and "recharge_packages"."price_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD CONSTRAINT "recharge_orders_package_id_recharge_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."recharge_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_provider_ref_idx" ON "recharge_orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "recharge_orders_request_idx" ON "recharge_orders" USING btree ("user_id","request_key");--> statement-breakpoint
CREATE INDEX "recharge_orders_user_created_idx" ON "recharge_orders" USING btree ("user_id","created_at");--> statement-breakpoint
-- the packages on sale until an admin changes them (docs/economy.md, Recharge)
INSERT INTO "recharge_packages" ("id", "diamonds", "bonus", "price_minor", "currency", "sort") VALUES
  ('p60', 60, 0, 99, 'usd', 1),
  ('p300', 300, 30, 499, 'usd', 2),
  ('p980', 980, 110, 1499, 'usd', 3),
  ('p1980', 1980, 260, 2999, 'usd', 4),
  ('p3280', 3280, 500, 4999, 'usd', 5),
  ('p6480', 6480, 1200, 9999, 'usd', 6);
