-- Every statement that writes outbox rows wakes the worker's outbox relay (server/outbox/relay.ts),
-- whichever path wrote them. NOTIFY is delivered when the transaction commits, once per
-- transaction however many statements raised it. Not expressible in schema.prisma.
CREATE FUNCTION "outbox_jobs_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox_jobs', '');
  RETURN NULL;
END;
$$;

CREATE TRIGGER "outbox_jobs_notify" AFTER INSERT ON "outbox_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "outbox_jobs_notify"();
