-- AlterTable
ALTER TABLE "agent_messages" ADD COLUMN     "call_id" TEXT,
ADD COLUMN     "tool_name" TEXT;
