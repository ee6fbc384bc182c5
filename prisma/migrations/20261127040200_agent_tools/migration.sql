-- CreateTable
CREATE TABLE "agent_tools" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "parameters" JSONB NOT NULL,
    "requires_verified_customer" BOOLEAN NOT NULL DEFAULT false,
    "http" JSONB NOT NULL,
    "response" JSONB NOT NULL,
    "timeout_ms" INTEGER NOT NULL DEFAULT 10000,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_tools_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_tools_project_id_created_at_id_idx" ON "agent_tools"("project_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_tools_project_id_name_key" ON "agent_tools"("project_id", "name");

-- AddForeignKey
ALTER TABLE "agent_tools" ADD CONSTRAINT "agent_tools_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
