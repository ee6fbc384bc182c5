-- AlterTable
ALTER TABLE "agent_runs" ADD COLUMN     "action_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "input_message_id" TEXT,
ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "options" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN     "outcome" TEXT,
ADD COLUMN     "reply_message_id" TEXT,
ADD COLUMN     "required_action" JSONB,
ADD COLUMN     "session_id" TEXT,
ADD COLUMN     "started_at" TIMESTAMPTZ(3),
ADD COLUMN     "turns" JSONB,
ADD COLUMN     "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "worker_id" TEXT;

-- CreateTable
CREATE TABLE "agent_messages" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "run_id" TEXT,
    "client_message_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_messages_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_messages_session_id_created_at_id_idx" ON "agent_messages"("session_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_messages_session_id_client_message_id_key" ON "agent_messages"("session_id", "client_message_id");

-- CreateIndex
CREATE INDEX "agent_runs_session_id_created_at_id_idx" ON "agent_runs"("session_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_messages" ADD CONSTRAINT "agent_messages_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
