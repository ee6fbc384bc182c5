-- CreateTable
CREATE TABLE "agent_sessions" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "external_id" TEXT,
    "end_user_id" TEXT,
    "channel" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT 'published',
    "concurrency" TEXT NOT NULL,
    "variables" JSONB NOT NULL DEFAULT '{}',
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'open',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMPTZ(3),

    CONSTRAINT "agent_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_sessions_project_id_created_at_id_idx" ON "agent_sessions"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "agent_sessions_end_user_id_idx" ON "agent_sessions"("end_user_id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_sessions_project_id_external_id_key" ON "agent_sessions"("project_id", "external_id");

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_sessions" ADD CONSTRAINT "agent_sessions_end_user_id_fkey" FOREIGN KEY ("end_user_id") REFERENCES "agent_end_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
