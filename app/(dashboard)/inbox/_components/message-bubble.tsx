import { useTranslations } from 'next-intl';
import type { InboxMessage } from '@/server/inbox/list-inbox-messages';
import { FailedMessageNote } from './failed-message-note';
import { useInboxFormat } from './format';
import { MessageMedia } from './message-media';
import { drawsKind, MessageKind, StandaloneKind } from './message-kind';
import { StatusTicks } from './status-ticks';
import { MessageAuthor } from './message-author';
import { MessageReactions } from './message-reactions';
import { ReactionPicker } from './reaction-picker';

interface MessageBubbleProps {
  message: InboxMessage;
  /** For a reply to one of our messages (a button tap): the message it answers, when loaded. */
  answers?: InboxMessage;
  /** Button texts the customer tapped on this message. */
  tapped: Set<string>;
  onSimulateTap?: (buttonIndex: number) => void;
  contactId: string;
}

export function MessageBubble({ message, answers, tapped, onSimulateTap, contactId }: MessageBubbleProps) {
  const t = useTranslations('inbox.messages');
  const format = useInboxFormat();
  const outgoing = message.direction === 'outgoing';
  const quickReplies = message.buttons.filter((button) => button.type === 'QUICK_REPLY');
  if (message.kind?.system || message.kind?.sticker) return <StandaloneKind message={message} />;
  return (
    <li
      data-testid="message"
      data-message-id={message.id}
      data-direction={message.direction}
      className={`flex min-w-0 ${outgoing ? 'justify-end' : 'justify-start'}`}
    >
      <div className={`min-w-0 max-w-[85%] sm:max-w-[70%] ${outgoing ? 'items-end' : 'items-start'} flex flex-col gap-1`}>
        <div
          className={`max-w-full rounded-2xl px-3 py-2 text-sm wrap-anywhere shadow-xs ${
            outgoing ? 'rounded-ee-md bg-brand-100 text-slate-900' : 'rounded-es-md bg-white text-slate-900 ring-1 ring-slate-200'
          } ${message.status === 'failed' ? 'ring-1 ring-red-300' : ''}`}
        >
          {message.contextWamid && (
            <p className="mb-1.5 line-clamp-3 border-s-2 border-brand-600 bg-slate-50 px-2 py-1 text-xs text-slate-600">
              <span className="sr-only">{t('inReplyTo')}</span>
              {answers ? <bdi>{answers.content.split('\n')[0] || answers.templateName}</bdi> : t('earlierMessage')}
            </p>
          )}
          {message.templateName && (
            <p className="mb-1 text-[11px] font-medium tracking-wide text-brand-700 uppercase">{t('template', { name: message.templateName })}</p>
          )}
          <MessageMedia message={message} />
          <MessageKind message={message} />
          {message.content && !drawsKind(message) && (
            <p className="whitespace-pre-wrap" dir="auto">
              {message.content}
            </p>
          )}
          <p className="mt-1 flex items-center justify-end gap-1 text-[11px] text-slate-600">
            <MessageAuthor message={message} />
            {message.authorType === 'bot' && (
              <span data-testid="ai-badge" title={t('aiBadgeTitle')} className="rounded-sm bg-brand-50 px-1 font-semibold text-brand-700">
                {t('aiBadge')}
              </span>
            )}
            <time dateTime={message.createdAt.toISOString()}>{format.clock(message.createdAt)}</time>
            {outgoing && <StatusTicks status={message.status} />}
          </p>
        </div>
        <MessageReactions reactions={message.reactions} />
        {!outgoing && message.wamid && <ReactionPicker message={message} contactId={contactId} />}
        {message.buttons.length > 0 && (
          <ul className="flex w-full flex-col gap-1" aria-label={t('buttons')}>
            {message.buttons.map((button) => (
              <li
                key={button.index}
                dir="auto"
                className={`rounded-xl bg-white px-3 py-1.5 text-center text-sm wrap-anywhere ring-1 ${
                  tapped.has(button.text) ? 'font-medium text-brand-700 ring-brand-600' : 'text-sky-700 ring-slate-200'
                }`}
              >
                {button.text}
                {tapped.has(button.text) && <span className="ms-1 text-xs">{t('tapped')}</span>}
              </li>
            ))}
          </ul>
        )}
        {onSimulateTap && message.wamid && quickReplies.length > 0 && (
          <div className="flex flex-wrap gap-1">
            {quickReplies.map((button) => (
              <button
                key={button.index}
                type="button"
                onClick={() => onSimulateTap(button.index)}
                className="max-w-full rounded-full border border-dashed border-amber-400 px-2 py-0.5 text-xs wrap-anywhere text-amber-800 hover:bg-amber-50"
              >
                {t('simulateTap', { text: button.text })}
              </button>
            ))}
          </div>
        )}
        {message.status === 'failed' && <FailedMessageNote message={message} contactId={contactId} />}
      </div>
    </li>
  );
}
