ALTER TABLE "works" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "images" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "publisher_name" text;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "works_author_created_idx" ON "works" USING btree ("author_id","created_at");