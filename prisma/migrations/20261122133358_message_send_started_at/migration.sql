-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "send_started_at" TIMESTAMPTZ(3);
