-- AlterTable
ALTER TABLE "contacts" ADD COLUMN     "channel" TEXT NOT NULL DEFAULT 'whatsapp',
ADD COLUMN     "email" TEXT,
ALTER COLUMN "phone_number" DROP NOT NULL;

-- Widget sessions made before this become inbox conversations too (docs/agent-api.md §2.6): one
-- visitor contact each, its list line from the session's last message. The id is derived from
-- the session's, so the session can point at it in the next statement.
INSERT INTO "contacts" ("id", "org_id", "channel", "name", "last_message_at", "last_message_preview", "created_at", "updated_at")
SELECT 'ct_' || substr(md5(s."id") || md5(s."id" || ':contact'), 1, 22), p."org_id", 'widget', u."name",
       last."created_at", left(last."text", 200), s."created_at", now()
  FROM "agent_sessions" s
  JOIN "agent_projects" p ON p."id" = s."project_id"
  LEFT JOIN "agent_end_users" u ON u."id" = s."end_user_id"
  LEFT JOIN LATERAL (SELECT m."created_at", m."text" FROM "agent_messages" m
                      WHERE m."session_id" = s."id" AND m."role" IN ('user', 'assistant', 'staff')
                      ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1) last ON true
 WHERE s."channel" = 'widget' AND s."contact_id" IS NULL;

UPDATE "agent_sessions" s SET "contact_id" = 'ct_' || substr(md5(s."id") || md5(s."id" || ':contact'), 1, 22)
 WHERE s."channel" = 'widget' AND s."contact_id" IS NULL;
