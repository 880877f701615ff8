ALTER TABLE "voices" ALTER COLUMN "engine_params" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "cloned_by" text;--> statement-breakpoint
ALTER TABLE "voices" ADD COLUMN "clip_key" text;--> statement-breakpoint
CREATE INDEX "voices_status_idx" ON "voices" USING btree ("status");--> statement-breakpoint
ALTER TABLE "voices" ADD CONSTRAINT "voices_done_has_params" CHECK ("voices"."status" <> 'done' or "voices"."engine_params" is not null);