import { useTranslations } from 'next-intl';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';

/** Who on the business side wrote an outgoing message: the member by name, or the API (the AI has its badge). */
export function MessageAuthor({ message }: { message: InboxMessage }) {
  const t = useTranslations('inbox.messages');
  if (message.direction !== 'outgoing') return null;
  const name = message.authorType === 'member' ? (message.authorName ?? t('formerMember')) : message.authorType === 'api' ? t('byApi') : null;
  if (name === null) return null;
  return (
    <span data-testid="message-author" className="min-w-0 truncate font-medium text-slate-700" title={t('authorLabel', { name })}>
      <bdi>{name}</bdi>
    </span>
  );
}
