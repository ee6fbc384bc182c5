-- platform_events keeps the raw body as text (jsonb refuses \u0000 and lone surrogates, which
-- inbound messages may carry) and a hash of it, so a replayed webhook is stored once.
-- Existing rows keep their body, as jsonb prints it.
ALTER TABLE "platform_events" RENAME COLUMN "body" TO "payload";
ALTER TABLE "platform_events" ALTER COLUMN "payload" TYPE TEXT USING "payload"::text;

ALTER TABLE "platform_events" ADD COLUMN "payload_sha256" TEXT;
-- Earlier replays were stored once each: all but the first get their id in the hash, to stay unique.
UPDATE "platform_events" AS e
SET "payload_sha256" = CASE WHEN d."n" = 1 THEN d."sha256" ELSE d."sha256" || '-' || e."id" END
FROM (
  SELECT "id", encode(sha256(convert_to("payload", 'UTF8')), 'hex') AS "sha256",
         row_number() OVER (PARTITION BY "payload" ORDER BY "received_at", "id") AS "n"
  FROM "platform_events"
) AS d
WHERE d."id" = e."id";
ALTER TABLE "platform_events" ALTER COLUMN "payload_sha256" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "platform_events_payload_sha256_key" ON "platform_events"("payload_sha256");
