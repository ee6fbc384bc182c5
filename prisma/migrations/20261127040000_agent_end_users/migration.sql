-- CreateTable
CREATE TABLE "agent_end_users" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "external_id" TEXT NOT NULL,
    "name" TEXT,
    "traits" JSONB NOT NULL DEFAULT '{}',
    "verified" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_end_users_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_end_users_project_id_created_at_id_idx" ON "agent_end_users"("project_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_end_users_project_id_external_id_key" ON "agent_end_users"("project_id", "external_id");

-- AddForeignKey
ALTER TABLE "agent_end_users" ADD CONSTRAINT "agent_end_users_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
