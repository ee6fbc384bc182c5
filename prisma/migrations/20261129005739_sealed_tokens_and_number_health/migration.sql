-- CreateEnum
CREATE TYPE "AccountStatus" AS ENUM ('connected', 'needs_attention', 'disconnected');

-- AlterTable
ALTER TABLE "business_portfolios" ADD COLUMN     "access_token_sealed" TEXT;

-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "status" "AccountStatus" NOT NULL DEFAULT 'connected',
ADD COLUMN     "status_changed_at" TIMESTAMPTZ(3),
ADD COLUMN     "status_reason" TEXT;
