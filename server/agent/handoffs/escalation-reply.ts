import type { AgentConfig } from '@/server/agent/agents/agent-config';

/** What the customer is told when staff take over, unless the agent says otherwise. */
const defaultEscalationReply = {
  en: "I'm handing you over to a member of our team. They'll reply here shortly.",
  ar: 'سأحوّلك الآن إلى أحد أعضاء فريقنا، وسيرد عليك هنا قريبًا.',
};

/** The customer's language as their last message shows it: Arabic script means Arabic. */
export const customerLanguage = (text: string): 'ar' | 'en' => (/[\u0600-\u06FF\u0750-\u077F]/.test(text) ? 'ar' : 'en');

/** What the customer is told when the AI could not answer (a refusal after the fallback models). */
const defaultFallbackMessage = {
  en: "Sorry, I can't help with that here. A member of our team will reply shortly.",
  ar: 'عذرًا، لا أستطيع المساعدة في هذا هنا. سيرد عليك أحد أعضاء فريقنا قريبًا.',
};

/**
 * The escalation reply (or, when the AI could not answer, the fallback message) in the
 * customer's language (docs/agent-api.md §1.7): the runtime sends it, never the model.
 */
export function escalationReply(config: AgentConfig, customerText: string, kind: 'escalation' | 'fallback' = 'escalation'): string {
  const language = customerLanguage(customerText);
  if (kind === 'fallback') return config.handoff.fallback_message?.[language] || defaultFallbackMessage[language];
  return config.handoff.escalation_reply?.[language] || defaultEscalationReply[language];
}
