ALTER TABLE "interact_notices" ADD COLUMN "params" jsonb;--> statement-breakpoint
ALTER TABLE "system_notices" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "system_notices" ADD COLUMN "params" jsonb;