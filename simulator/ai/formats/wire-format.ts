import type { z } from 'zod';
import type { Conversation } from '../conversation';
import type { Pacer } from '../pacer';
import type { Provider } from '../providers';
import type { ApiName } from '../request-log';
import type { SseWriter } from '../sse';
import type { Turn } from '../turn';
import type { Usage } from '../usage';
import { describeIssues } from '../validation';

/** One provider API's request and response bodies: parsed into a Conversation, rendered from a Turn. */
export interface WireFormat {
  api: ApiName;
  provider: Provider;
  /** Throws InvalidRequest for a body the real API would refuse with 400. */
  parseRequest(body: unknown): Conversation;
  /** The whole answer as one JSON body (`stream` false). */
  completeBody(turn: Turn, conversation: Conversation, usage: Usage): unknown;
  /** Streams the answer, waiting on the pacer before each token and before the closing events. */
  stream(turn: Turn, conversation: Conversation, usage: Usage, sse: SseWriter, pacer: Pacer): Promise<void>;
  /** The provider's in-stream error event, for a `stream_error` fault. */
  sendStreamError(sse: SseWriter): void;
}

export class InvalidRequest extends Error {}

/** Validates a request body with zod; the first problems become the 400's message. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new InvalidRequest(describeIssues(parsed.error));
}

/** Texts of a content value: a string, or parts of which those with a `text` count. */
export function contentTexts(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((part: unknown) => {
    const text = (part as { text?: unknown } | null)?.text;
    return typeof text === 'string' ? [text] : [];
  });
}
