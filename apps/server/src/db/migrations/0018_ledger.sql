CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"code" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"pending_debits" bigint DEFAULT 0 NOT NULL,
	"pending_credits" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner" CHECK (("ledger_accounts"."user_id" is null) = ("ledger_accounts"."code" <> 'user')),
	CONSTRAINT "ledger_accounts_currency" CHECK ("ledger_accounts"."currency" in ('JE', 'CAC', 'CWA', 'MSS', 'M')),
	CONSTRAINT "ledger_accounts_user_never_negative" CHECK ("ledger_accounts"."user_id" is null or "ledger_accounts"."balance" - "ledger_accounts"."pending_debits" >= 0),
	CONSTRAINT "ledger_accounts_pending_nonnegative" CHECK ("ledger_accounts"."pending_debits" >= 0 and "ledger_accounts"."pending_credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_requests" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"outcome" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_requests_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "ledger_requests_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"debit_account_id" uuid NOT NULL,
	"credit_account_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"resolves" uuid,
	"kind" text NOT NULL,
	"request_id" uuid,
	"leg" integer DEFAULT 0 NOT NULL,
	"memo" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_two_accounts" CHECK ("ledger_transfers"."debit_account_id" <> "ledger_transfers"."credit_account_id"),
	CONSTRAINT "ledger_transfers_status" CHECK ("ledger_transfers"."status" in ('posted', 'pending', 'post', 'void')),
	CONSTRAINT "ledger_transfers_resolves" CHECK (("ledger_transfers"."resolves" is null) = ("ledger_transfers"."status" in ('posted', 'pending')))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_requests" ADD CONSTRAINT "ledger_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("debit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_id_ledger_accounts_id_fk" FOREIGN KEY ("credit_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_currency_idx" ON "ledger_accounts" USING btree ("user_id","currency") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_idx" ON "ledger_accounts" USING btree ("code","currency") WHERE "ledger_accounts"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_resolves_idx" ON "ledger_transfers" USING btree ("resolves");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_request_leg_idx" ON "ledger_transfers" USING btree ("request_id","leg");--> statement-breakpoint
CREATE INDEX "ledger_transfers_debit_idx" ON "ledger_transfers" USING btree ("debit_account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_credit_idx" ON "ledger_transfers" USING btree ("credit_account_id","created_at");