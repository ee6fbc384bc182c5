-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "setup_dismissed_at" TIMESTAMPTZ(3);
