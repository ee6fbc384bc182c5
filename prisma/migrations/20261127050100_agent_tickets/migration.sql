-- CreateTable
CREATE TABLE "agent_tickets" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "session_id" TEXT NOT NULL,
    "end_user_id" TEXT,
    "customer_key" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'open',
    "run_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "agent_tickets_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_tickets_project_id_created_at_id_idx" ON "agent_tickets"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "agent_runs_status_lease_until_idx" ON "agent_runs"("status", "lease_until");

-- AddForeignKey
ALTER TABLE "agent_tickets" ADD CONSTRAINT "agent_tickets_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "agent_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
