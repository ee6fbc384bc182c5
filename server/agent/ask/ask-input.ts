import type { AgentCaller } from '@/server/agent/access/agent-caller';
import { AgentError } from '@/server/errors/agent-error';

/** Input limits (docs/agent-errors.md, Limits): browser credentials get less than server keys. */
export const BROWSER_INPUT_LIMIT = 4_000;
export const SERVER_INPUT_LIMIT = 32_000;

export const inputLimitFor = (caller: AgentCaller): number =>
  caller.kind === 'secret_key' || caller.kind === 'member' ? SERVER_INPUT_LIMIT : BROWSER_INPUT_LIMIT;

/**
 * `input` as text (docs/agent-api.md §1.1): a string or `[{type: "text", text}]`. A system or
 * developer message is 400 `system_message_not_allowed`; anything else that is not text is
 * 422 `unsupported_content_type`; text over the caller's limit 413 `input_too_large`.
 */
export function readAskInput(input: unknown, limit: number): string {
  const text = typeof input === 'string' ? input : Array.isArray(input) ? input.map(textOfPart).join('\n') : unsupported();
  if (text.length > limit) throw new AgentError('input_too_large', { param: '/input', details: { limit: limit.toLocaleString('en-US') } });
  if (text.trim() === '') throw new AgentError('validation_failed', { param: '/input', details: { detail: 'the input is empty.' } });
  return text;
}

function textOfPart(part: unknown, index: number): string {
  if (part && typeof part === 'object' && 'role' in part && (part.role === 'system' || part.role === 'developer')) {
    throw new AgentError('system_message_not_allowed', { param: `/input/${index}` });
  }
  const keys = part && typeof part === 'object' ? Object.keys(part) : [];
  const isTextPart = keys.length === 2 && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string';
  if (!isTextPart) throw new AgentError('unsupported_content_type', { param: `/input/${index}` });
  return (part as { text: string }).text;
}

function unsupported(): never {
  throw new AgentError('unsupported_content_type', { param: '/input' });
}
