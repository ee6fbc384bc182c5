-- AlterTable
ALTER TABLE "agent_messages" ADD COLUMN     "author_id" TEXT;

-- CreateTable
CREATE TABLE "agent_handoffs" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "assignee_id" TEXT,
    "reason" TEXT NOT NULL,
    "summary" TEXT,
    "opened_by" TEXT NOT NULL,
    "run_id" TEXT,
    "note" TEXT,
    "resolution_note" TEXT,
    "opened_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "assigned_at" TIMESTAMPTZ(3),
    "last_staff_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "ended_at" TIMESTAMPTZ(3),

    CONSTRAINT "agent_handoffs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_handoffs_project_id_opened_at_id_idx" ON "agent_handoffs"("project_id", "opened_at", "id");

-- CreateIndex
CREATE INDEX "agent_handoffs_session_id_status_idx" ON "agent_handoffs"("session_id", "status");

-- CreateIndex
CREATE INDEX "agent_handoffs_status_expires_at_idx" ON "agent_handoffs"("status", "expires_at");

-- AddForeignKey
ALTER TABLE "agent_handoffs" ADD CONSTRAINT "agent_handoffs_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_handoffs" ADD CONSTRAINT "agent_handoffs_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
