CREATE TABLE "agent_card_extras" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"extra" jsonb NOT NULL,
	"source_spec" text NOT NULL,
	"imported_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_card_extras" ADD CONSTRAINT "agent_card_extras_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;