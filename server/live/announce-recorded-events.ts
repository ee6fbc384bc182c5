import { getPgPool } from '@/server/db/pg';
import { evalScript, getRedis, redisKey } from '@/server/redis';
import { liveChannel, liveEventData, liveStreamKey, LIVE_STREAM_LENGTH } from './publish-live-event';

interface RecordedEvent {
  id: string;
  orgId: string;
  type: string;
  /** The event's payload as stored, already JSON. */
  payloadJson: string;
}

/**
 * For each event not announced before (its `announced` key is new): appends it to the stream
 * and publishes the entry, exactly as publishLiveEvent does. One script per organization,
 * however many events: statuses announce several events per message sent.
 * KEYS: stream, channel, then each event's `announced` key; ARGV: stream length, then each event's data.
 */
const ANNOUNCE = `
local length = ARGV[1]
for i = 3, #KEYS do
  local data = ARGV[i - 1]
  if redis.call('SET', KEYS[i], '1', 'EX', 3600, 'NX') then
    local entryId = redis.call('XADD', KEYS[1], 'MAXLEN', '~', length, '*', 'data', data)
    redis.call('PUBLISH', KEYS[2], cjson.encode({ entryId = entryId, data = data }))
  end
end
return 0
`;

/**
 * Publishes recorded events (rows of `events`, as publishEvents wrote them) to open dashboards
 * once each, however often the job that announces them runs (jobs are delivered at least once).
 */
export async function announceRecordedEvents(eventIds: string[]): Promise<void> {
  const byOrg = new Map<string, RecordedEvent[]>();
  for (const event of await loadEvents(eventIds)) byOrg.set(event.orgId, [...(byOrg.get(event.orgId) ?? []), event]);
  await Promise.all(
    [...byOrg].map(([orgId, orgEvents]) =>
      evalScript(
        getRedis(),
        ANNOUNCE,
        2 + orgEvents.length,
        liveStreamKey(orgId),
        liveChannel(orgId),
        ...orgEvents.map((event) => redisKey('live', 'announced', event.id)),
        LIVE_STREAM_LENGTH,
        ...orgEvents.map((event) => liveEventData(event.id, event.type, event.payloadJson)),
      ),
    ),
  );
}

/**
 * The events in the order they were recorded, which is the order dashboards see them in. An
 * agent project's events (they have a project) are for its webhook endpoints only.
 */
async function loadEvents(eventIds: string[]): Promise<RecordedEvent[]> {
  const { rows } = await getPgPool().query<RecordedEvent>({
    name: 'live-recorded-events',
    text: `SELECT id, org_id AS "orgId", type, payload::text AS "payloadJson"
           FROM events WHERE id = ANY($1::text[]) AND project_id IS NULL ORDER BY created_at, id`,
    values: [eventIds],
  });
  return rows;
}
