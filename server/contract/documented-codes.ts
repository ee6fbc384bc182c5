import { agentErrorCodes, agentErrorTypes, retryAdvice, type AgentErrorCode, type AgentErrorType } from '@/server/errors/agent-codes';
import { messagingErrorCodes, messagingErrorTypes, type MessagingErrorCode, type MessagingErrorType } from '@/server/errors/messaging-codes';
import type { ContractName } from './transport-codes';

/** A text in each language the contract words its errors in: English always, Arabic where it answers in it too. */
export interface Wording {
  en: string;
  ar?: string;
}

export interface DocumentedCode {
  code: string;
  status: number;
  meaning: Wording;
  retry: Wording;
}

export interface DocumentedType {
  type: string;
  about: Wording;
  codes: DocumentedCode[];
}

/** A contract's code table as its error page lists it: by type, each code with its status, meaning and retry advice. */
export interface DocumentedCodes {
  contract: ContractName;
  types: DocumentedType[];
}

const keysOf = <T extends object>(table: T) => Object.keys(table) as Array<keyof T & string>;

/** The messaging API's codes (server/errors/messaging-codes.ts), in English with inline Markdown. */
export function messagingDocumentedCodes(): DocumentedCodes {
  const codesOfType = (type: MessagingErrorType) =>
    keysOf(messagingErrorCodes)
      .filter((code: MessagingErrorCode) => messagingErrorCodes[code].type === type)
      .map((code) => {
        const info = messagingErrorCodes[code];
        return { code, status: info.status, meaning: { en: info.meaning }, retry: { en: info.retry } };
      });
  return {
    contract: 'messaging',
    types: keysOf(messagingErrorTypes).map((type) => {
      const info = messagingErrorTypes[type];
      return { type, about: { en: `${info.meaning}. Retry: ${info.retry}.` }, codes: codesOfType(type) };
    }),
  };
}

/** `{scope}`-style details the thrower fills in, shown as they are. */
const template = (text: string) => text.replace(/\{(\w+)\}(?!\})/g, '‹$1›');
const bilingual = ({ en, ar }: { en: string; ar: string }): Wording => ({ en: template(en), ar: template(ar) });

/** The agent service's codes (server/errors/agent-codes.ts), in English and Arabic. */
export function agentDocumentedCodes(): DocumentedCodes {
  const codesOfType = (type: AgentErrorType) =>
    keysOf(agentErrorCodes)
      .filter((code: AgentErrorCode) => agentErrorCodes[code].type === type)
      .map((code) => {
        const entry = agentErrorCodes[code];
        return { code, status: entry.status, meaning: bilingual(entry), retry: bilingual(retryAdvice[entry.retry]) };
      });
  return {
    contract: 'agent',
    types: keysOf(agentErrorTypes).map((type) => ({ type, about: bilingual(agentErrorTypes[type]), codes: codesOfType(type) })),
  };
}
