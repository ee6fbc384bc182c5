-- CreateEnum
CREATE TYPE "ConversationStatus" AS ENUM ('open', 'snoozed', 'resolved');

-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "conversation_status" "ConversationStatus" NOT NULL DEFAULT 'open',
ADD COLUMN     "snoozed_until" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "contacts_org_id_conversation_status_last_message_at_id_idx" ON "contacts"("org_id", "conversation_status", "last_message_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "contacts_conversation_status_snoozed_until_idx" ON "contacts"("conversation_status", "snoozed_until");
