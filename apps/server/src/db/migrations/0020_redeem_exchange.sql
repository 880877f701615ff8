CREATE TABLE "exchange_rates" (
	"target" text PRIMARY KEY NOT NULL,
	"per_diamond" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_target" CHECK ("exchange_rates"."target" in ('CAC', 'CWA')),
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."per_diamond" > 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"currency" text NOT NULL,
	"value" integer NOT NULL,
	"uses_per_code" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_batches_currency" CHECK ("redeem_batches"."currency" in ('JE', 'CAC', 'CWA', 'MSS')),
	CONSTRAINT "redeem_batches_value_positive" CHECK ("redeem_batches"."value" > 0 and "redeem_batches"."uses_per_code" > 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"uses_left" integer NOT NULL,
	CONSTRAINT "redeem_codes_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "redeem_codes_uses_left" CHECK ("redeem_codes"."uses_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "redeem_uses" (
	"code_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redeem_uses_code_id_user_id_pk" PRIMARY KEY("code_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_batches" ADD CONSTRAINT "redeem_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_batch_id_redeem_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."redeem_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_uses" ADD CONSTRAINT "redeem_uses_code_id_redeem_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."redeem_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_uses" ADD CONSTRAINT "redeem_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "redeem_codes_batch_idx" ON "redeem_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "redeem_uses_user_idx" ON "redeem_uses" USING btree ("user_id");