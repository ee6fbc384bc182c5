'use client';

import { useTranslations } from 'next-intl';
import { useId, type KeyboardEvent, type RefObject } from 'react';
import { Button, inputClass } from '@/app/(dashboard)/_components/kit';

/** Longest input the agent service takes from the dashboard (docs/agent-api.md §1.1: 4,000 characters with browser credentials). */
const MAX_INPUT = 4000;

/** Where the member writes the next message: Enter sends, and a run under way can be stopped. */
export function Composer({
  input,
  setInput,
  busy,
  inputRef,
  send,
  stop,
}: {
  input: string;
  setInput: (text: string) => void;
  busy: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  send: () => Promise<void>;
  stop: () => void;
}) {
  const t = useTranslations('agents.builder.playground');
  const inputId = useId();
  const hintId = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line; never while an input method is composing.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {t('message')}
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        rows={3}
        dir="auto"
        maxLength={MAX_INPUT}
        aria-describedby={hintId}
        className={inputClass}
        value={input}
        onChange={(event) => setInput(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        <p id={hintId} className="me-auto text-xs text-slate-600">
          {t('messageHint')}
        </p>
        {busy && <Button onClick={stop}>{t('stop')}</Button>}
        <Button variant="primary" type="submit" disabled={busy || input.trim() === ''}>
          {busy ? t('sending') : t('send')}
        </Button>
      </div>
    </form>
  );
}
