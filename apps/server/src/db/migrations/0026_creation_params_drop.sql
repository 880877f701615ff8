ALTER TABLE "creations" DROP COLUMN "style";--> statement-breakpoint
ALTER TABLE "creations" DROP COLUMN "ratio";