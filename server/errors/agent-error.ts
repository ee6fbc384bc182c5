import { config } from '@/server/config';
import { agentErrorCodes, agentInBandCodes, agentWarnings, type AgentErrorCode, type AgentWarningCode } from './agent-codes';
import { DomainError } from './domain-error';

export type AgentLanguage = 'en' | 'ar';
export type MessageDetails = Record<string, string | number>;

/** Fills `{name}` from the details (and `{param}` from the parameter); unknown names stay as written. */
function fill(template: string, details: MessageDetails): string {
  return template.replace(/\{(\w+)\}(?!\})/g, (whole, name: string) => (name in details ? String(details[name]) : whole));
}

/**
 * The one error type of the agent service's contract. Domain code throws it with a code and
 * the details its message names; the /agent/v1 wrapper renders the message in the caller's
 * language, so every refusal exists in English and Arabic by construction.
 */
export class AgentError extends DomainError {
  readonly code: AgentErrorCode;
  readonly param?: string;
  readonly details: MessageDetails;
  readonly headers?: Record<string, string>;

  constructor(code: AgentErrorCode, options: { param?: string; details?: MessageDetails; headers?: Record<string, string> } = {}) {
    const details = { ...(options.param ? { param: options.param } : {}), ...options.details };
    super(fill(agentErrorCodes[code].en, details));
    this.name = 'AgentError';
    this.code = code;
    this.param = options.param;
    this.details = details;
    this.headers = options.headers;
  }

  get status(): number {
    return agentErrorCodes[this.code].status;
  }

  get trpcCode() {
    return agentErrorCodes[this.code].trpc;
  }

  override get appCode(): string {
    return this.code;
  }

  messageIn(language: AgentLanguage): string {
    return fill(agentErrorCodes[this.code][language], this.details);
  }
}

export const agentDocUrl = (code: string) => `${config.AGENT_API_BASE_URL}/docs/errors#${code}`;

/** `{ error: { type, code, message, param?, request_id, doc_url } }` */
export function agentErrorEnvelope(error: AgentError, requestId: string, language: AgentLanguage) {
  return {
    error: {
      type: agentErrorCodes[error.code].type,
      code: error.code,
      message: error.messageIn(language),
      ...(error.param ? { param: error.param } : {}),
      request_id: requestId,
      doc_url: agentDocUrl(error.code),
    },
  };
}

export interface AgentWarning {
  code: AgentWarningCode;
  param?: string;
}

export const presentWarning = (warning: AgentWarning, language: AgentLanguage) => ({
  code: warning.code,
  message: agentWarnings[warning.code][language],
  ...(warning.param ? { param: warning.param } : {}),
});

export type AgentInBandCode = keyof typeof agentInBandCodes;

/** A run's `error` (docs/agent-api.md §1.4): a provider or contract code, or an in-band one, with its English message. */
export function runError(code: AgentErrorCode | AgentInBandCode, details: MessageDetails = {}): { code: string; message: string } {
  const entry = code in agentInBandCodes ? agentInBandCodes[code as AgentInBandCode] : agentErrorCodes[code as AgentErrorCode];
  return { code, message: fill(entry.en, details) };
}

/** The stream `error` event of an in-band stream fault (`stream_timeout`), in the contract's envelope. */
export function agentStreamFaultEnvelope(code: AgentInBandCode, requestId: string, language: AgentLanguage) {
  return {
    error: { type: 'api_error', code, message: agentInBandCodes[code][language], request_id: requestId, doc_url: agentDocUrl(code) },
  };
}
