import { db, type DbTx, type KnowledgeSource } from '@/server/db';
import { ResponseTooLargeError, readCapped, safeFetch, unwrapOutboundError } from '@/server/http/safe-fetch';
import { customerCallFailure } from '@/server/agent/http/customer-call-failure';
import { logger } from '@/server/logger';
import { pageText, PageTooSlow } from './page-text';
import { normaliseForSearch } from './search-text';
import { splitPassages } from './split-passages';

/** Knowledge sources and the pages they read are at most 5 MiB (docs/agent-errors.md, limits). */
const MAX_BYTES = 5 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
const limits = { timeoutMs: FETCH_TIMEOUT_MS, maxBytes: '5 MiB' };

class SourceUnreadable extends Error {}

/**
 * Reads a source (its text, or its URL's page), splits it into passages and replaces its
 * passages in one transaction, ending `ready`; a page that cannot be read ends `failed` with
 * the reason. A source deleted meanwhile is left alone.
 */
export async function indexKnowledgeSourceJob({ sourceId }: { sourceId: string }): Promise<void> {
  const source = await db.knowledgeSource.findUnique({ where: { id: sourceId } });
  if (!source) return;
  let text: string;
  try {
    text = source.type === 'url' ? await readPage(source.url!) : source.content!;
  } catch (error) {
    if (!(error instanceof SourceUnreadable)) throw error; // a fault of ours: the job is retried
    await db.knowledgeSource.updateMany({ where: { id: sourceId }, data: { status: 'failed', error: error.message, indexedAt: new Date() } });
    return;
  }
  const passages = await db.$transaction((tx) => writePassages(tx, source, text));
  logger.info({ sourceId, passages }, 'knowledge source indexed');
}

/**
 * Replaces a source's passages with those of `text` and marks it ready, in the caller's
 * transaction (the job's, or the demo seed's). Returns how many passages it has.
 */
export async function writePassages(tx: DbTx, source: Pick<KnowledgeSource, 'id' | 'type'>, text: string): Promise<number> {
  const sourceId = source.id;
  const passages = splitPassages(text, source.type !== 'text');
  await tx.knowledgeChunk.deleteMany({ where: { sourceId } });
  // Raw SQL: the search vector is computed by PostgreSQL, which the ORM cannot write.
  if (passages.length > 0) {
    await tx.$executeRaw`
      INSERT INTO knowledge_chunks (source_id, position, heading, text, search_vector)
      SELECT ${sourceId}, p.position, p.heading, p.text, to_tsvector('simple', p.normalised)
      FROM unnest(${passages.map((_, i) => i)}::int[], ${passages.map((p) => p.heading)}::text[], ${passages.map((p) => p.text)}::text[],
                  ${passages.map((p) => normaliseForSearch(`${p.heading ?? ''}\n${p.text}`))}::text[]) AS p(position, heading, text, normalised)`;
  }
  await tx.knowledgeSource.update({
    where: { id: sourceId },
    data: { status: 'ready', error: null, characters: text.length, indexedAt: new Date(), ...(source.type === 'url' ? { content: text } : {}) },
  });
  return passages.length;
}

/** A page's text: https only, no redirects, 10 s, 5 MiB; HTML reduced to its text, plain text and markdown as they are. */
async function readPage(url: string): Promise<string> {
  let response;
  try {
    response = await safeFetch(url, {
      maxRedirects: 0,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_BYTES,
      headers: { accept: 'text/html, text/markdown, text/plain' },
    });
  } catch (error) {
    throw new SourceUnreadable(customerCallFailure(error, limits));
  }
  if (response.status < 200 || response.status > 299) {
    await response.body?.cancel();
    throw new SourceUnreadable(
      `The page answered HTTP ${response.status}${response.status >= 300 && response.status < 400 ? ' (redirects are not followed)' : ''}.`,
    );
  }
  const type = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!/^text\/(html|plain|markdown)$|^application\/xhtml\+xml$/.test(type)) {
    await response.body?.cancel();
    throw new SourceUnreadable(`The page is ${type || 'of no stated type'}; HTML, markdown or plain text is read.`);
  }
  let bytes: Uint8Array;
  try {
    bytes = response.body ? await readCapped(response.body, MAX_BYTES) : new Uint8Array();
  } catch (error) {
    if (unwrapOutboundError(error) instanceof ResponseTooLargeError) throw new SourceUnreadable(customerCallFailure(error, limits));
    throw new SourceUnreadable('The page stopped before it was read whole.');
  }
  const body = new TextDecoder().decode(bytes);
  if (type !== 'text/html' && type !== 'application/xhtml+xml') return body;
  try {
    return pageText(body);
  } catch (error) {
    if (error instanceof PageTooSlow) throw new SourceUnreadable(error.message);
    throw error;
  }
}
