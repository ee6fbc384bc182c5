-- CreateEnum
CREATE TYPE "AgentKeyType" AS ENUM ('secret', 'publishable');

-- CreateEnum
CREATE TYPE "AgentStatus" AS ENUM ('active', 'archived');

-- CreateEnum
CREATE TYPE "AgentRunStatus" AS ENUM ('queued', 'in_progress', 'requires_action', 'completed', 'failed', 'cancelled');

-- DropIndex
DROP INDEX "idempotency_records_api_key_id_key_key";

-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "ai_plan" TEXT NOT NULL DEFAULT 'standard',
ADD COLUMN     "daily_cost_cap_micros" BIGINT;

-- AlterTable
-- Existing records are the messaging API's: their scope is the key they belong to.
ALTER TABLE "idempotency_records" ADD COLUMN     "contract" TEXT NOT NULL DEFAULT 'messaging',
ADD COLUMN     "scope" TEXT,
ALTER COLUMN "api_key_id" DROP NOT NULL;
UPDATE "idempotency_records" SET "scope" = "api_key_id";
ALTER TABLE "idempotency_records" ALTER COLUMN "scope" SET NOT NULL;

-- CreateTable
CREATE TABLE "agent_projects" (
    "id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ai_paused" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_api_keys" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "type" "AgentKeyType" NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "all_scopes" BOOLEAN NOT NULL DEFAULT false,
    "scopes" TEXT[],
    "allowed_origins" TEXT[],
    "rate_limit_per_min" INTEGER NOT NULL DEFAULT 600,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider_credentials" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key_ciphertext" TEXT NOT NULL,
    "key_last4" TEXT NOT NULL,
    "base_url" TEXT,
    "status" TEXT NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "provider_credentials_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agents" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "status" "AgentStatus" NOT NULL DEFAULT 'active',
    "draft_config" JSONB NOT NULL,
    "draft_etag" TEXT NOT NULL,
    "draft_updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "published_version" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "archived_at" TIMESTAMPTZ(3),

    CONSTRAINT "agents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_versions" (
    "id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "config" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "agent_versions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "agent_runs" (
    "id" TEXT NOT NULL,
    "project_id" TEXT NOT NULL,
    "org_id" TEXT NOT NULL,
    "agent_id" TEXT NOT NULL,
    "agent_version" INTEGER NOT NULL,
    "status" "AgentRunStatus" NOT NULL,
    "model" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "output_text" TEXT,
    "error" JSONB,
    "attempts" JSONB NOT NULL DEFAULT '[]',
    "input_tokens" INTEGER NOT NULL DEFAULT 0,
    "output_tokens" INTEGER NOT NULL DEFAULT 0,
    "cost_micros" BIGINT NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "agent_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "agent_projects_org_id_created_at_id_idx" ON "agent_projects"("org_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "agent_projects_org_id_name_key" ON "agent_projects"("org_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "agent_api_keys_key_hash_key" ON "agent_api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "agent_api_keys_project_id_created_at_id_idx" ON "agent_api_keys"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "provider_credentials_project_id_created_at_id_idx" ON "provider_credentials"("project_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "provider_credentials_project_id_name_key" ON "provider_credentials"("project_id", "name");

-- CreateIndex
CREATE INDEX "agents_project_id_created_at_id_idx" ON "agents"("project_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "agents_project_id_slug_key" ON "agents"("project_id", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "agents_project_id_name_key" ON "agents"("project_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "agent_versions_agent_id_number_key" ON "agent_versions"("agent_id", "number");

-- CreateIndex
CREATE INDEX "agent_runs_project_id_created_at_id_idx" ON "agent_runs"("project_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "agent_runs_org_id_created_at_idx" ON "agent_runs"("org_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_contract_scope_key_key" ON "idempotency_records"("contract", "scope", "key");

-- AddForeignKey
ALTER TABLE "agent_projects" ADD CONSTRAINT "agent_projects_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_api_keys" ADD CONSTRAINT "agent_api_keys_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider_credentials" ADD CONSTRAINT "provider_credentials_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agents" ADD CONSTRAINT "agents_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_versions" ADD CONSTRAINT "agent_versions_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "agent_projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "agent_runs" ADD CONSTRAINT "agent_runs_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
