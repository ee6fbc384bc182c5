-- DropIndex
DROP INDEX "agent_sessions_project_id_channel_status_idx";

-- AlterTable
ALTER TABLE "agent_sessions" ADD COLUMN     "contact_id" TEXT;

-- Existing WhatsApp sessions: the contact named in their external id `wa:<contact_id>`.
UPDATE "agent_sessions" s SET "contact_id" = substr(s."external_id", 4)
 WHERE s."channel" = 'whatsapp' AND s."external_id" LIKE 'wa:%'
   AND EXISTS (SELECT 1 FROM "contacts" c WHERE c."id" = substr(s."external_id", 4));

-- CreateIndex
CREATE INDEX "agent_sessions_contact_id_idx" ON "agent_sessions"("contact_id");

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
