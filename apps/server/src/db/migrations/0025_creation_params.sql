ALTER TABLE "creations" ADD COLUMN "params" jsonb;--> statement-breakpoint
-- the settings of creations made before params existed (text2Img only) move into params
UPDATE "creations" SET "params" = jsonb_strip_nulls(jsonb_build_object('workflow', "workflow", 'description', "description", 'style', "style", 'ratio', "ratio", 'agentId', "agent_id"));--> statement-breakpoint
ALTER TABLE "creations" ALTER COLUMN "params" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "creations" ADD COLUMN "files" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "creations" ADD COLUMN "facts" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "creations" SET "files" = jsonb_build_array(jsonb_build_object('role', 'image', 'key', "result_key", 'mime', "result_mime")) WHERE "result_key" IS NOT NULL;
