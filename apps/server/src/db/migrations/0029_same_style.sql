ALTER TABLE "creations" ADD COLUMN "same_style_work_id" uuid;--> statement-breakpoint
ALTER TABLE "creations" ADD COLUMN "same_style_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "creations" ADD COLUMN "fee_hold_id" uuid;