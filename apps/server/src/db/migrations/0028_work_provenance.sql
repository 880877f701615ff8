ALTER TABLE "works" ADD COLUMN "creation_id" uuid;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "creation_params" jsonb;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "creation_files" jsonb;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "creation_facts" jsonb;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "same_style_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_creation_id_creations_id_fk" FOREIGN KEY ("creation_id") REFERENCES "public"."creations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_creation_id_unique" UNIQUE("creation_id");--> statement-breakpoint
ALTER TABLE "works" ADD CONSTRAINT "works_same_style_fee_range" CHECK ("works"."same_style_fee" >= 0);