ALTER TABLE "conversations" ADD COLUMN "reply_lease_token" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "memory_through_id" uuid;--> statement-breakpoint
CREATE INDEX "chat_messages_user_created_idx" ON "chat_messages" USING btree ("created_at") WHERE role = 'user';