-- CreateEnum
CREATE TYPE "MessageAuthor" AS ENUM ('bot', 'member', 'api');

-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "author_agent_id" TEXT,
ADD COLUMN     "author_run_id" TEXT,
ADD COLUMN     "author_type" "MessageAuthor",
ADD COLUMN     "author_user_id" TEXT;
