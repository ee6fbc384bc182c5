-- A visitor's id is a secret of their browser (whoever holds it acts as them): an anonymous
-- visitor's end user keeps only its SHA-256, `visitor:<hex>`, as new visitors get. Converted in
-- place, so returning visitors stay the same end user with their conversations.
UPDATE "agent_end_users"
   SET "external_id" = 'visitor:' || encode(sha256(convert_to(substr("external_id", 9), 'UTF8')), 'hex')
 WHERE "external_id" LIKE 'visitor:%' AND NOT "verified";
