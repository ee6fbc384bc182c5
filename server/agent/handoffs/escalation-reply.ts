import type { AgentConfig } from '@/server/agent/agents/agent-config';

/** What the customer is told when staff take over, unless the agent says otherwise. */
const defaultEscalationReply = {
  en: "I'm handing you over to a member of our team. They'll reply here shortly.",
  ar: 'سأحوّلك الآن إلى أحد أعضاء فريقنا، وسيرد عليك هنا قريبًا.',
};

/** The customer's language as their last message shows it: Arabic script means Arabic. */
export const customerLanguage = (text: string): 'ar' | 'en' => (/[\u0600-\u06FF\u0750-\u077F]/.test(text) ? 'ar' : 'en');

/** The escalation reply in the customer's language (agent-api.md §1.7): the runtime sends it, never the model. */
export function escalationReply(config: AgentConfig, customerText: string): string {
  const language = customerLanguage(customerText);
  return config.handoff.escalation_reply?.[language] || defaultEscalationReply[language];
}
