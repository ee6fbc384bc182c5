import type { Conversation } from './conversation';
import { outputChars, type Turn } from './turn';

/** Token counts as the simulator bills them: a token per four characters, rounded up, so cost maths is testable. */
export interface Usage {
  input: number;
  output: number;
}

export function usageOf(conversation: Conversation, turn: Turn): Usage {
  return { input: Math.ceil(conversation.inputChars / 4), output: Math.ceil(outputChars(turn) / 4) };
}
