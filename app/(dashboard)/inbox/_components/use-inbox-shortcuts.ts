'use client';

import { useEffect, useRef } from 'react';

export interface ShortcutHandlers {
  next: () => void;
  previous: () => void;
  focusComposer: () => void;
  assignToMe: () => void;
  toggleHelp: () => void;
  /** Esc outside any field: back to the list where the thread covers it. */
  back: () => void;
}

const typing = (target: EventTarget | null): target is HTMLElement =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

const onConversation = (target: EventTarget | null) => target instanceof HTMLElement && target.dataset.contactId !== undefined;

const letterActions: Record<string, keyof ShortcutHandlers> = {
  j: 'next',
  k: 'previous',
  '/': 'focusComposer',
  c: 'focusComposer',
  a: 'assignToMe',
  '?': 'toggleHelp',
};
// Arrows only where they have no other job: on a conversation of the list.
const arrowActions: Record<string, keyof ShortcutHandlers> = { ArrowDown: 'next', ArrowUp: 'previous' };
/**
 * Another alphabet's layout (Arabic: j is ت, k is ن, ? is ؟): the letter keys go by the key's
 * place, as on a US layout. Only then: a Latin layout (AZERTY too) goes by the character.
 */
const keyActions: Record<string, keyof ShortcutHandlers> = { KeyJ: 'next', KeyK: 'previous', KeyC: 'focusComposer', KeyA: 'assignToMe' };
const latin = /^[\x20-\x7e]$/;

function actionOf(event: KeyboardEvent): keyof ShortcutHandlers | undefined {
  const byCharacter = letterActions[event.key];
  if (byCharacter || latin.test(event.key) || event.key.length !== 1) return byCharacter;
  if (event.code === 'Slash') return event.shiftKey ? 'toggleHelp' : 'focusComposer';
  return keyActions[event.code];
}

/**
 * Single-key shortcuts, ignored while the agent types in a field or holds a modifier. Esc in a
 * field leaves it; Esc elsewhere goes back. Open dialogs handle their own keys.
 */
export function useInboxShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('dialog')) return;
      if (event.key === 'Escape') {
        if (typing(event.target)) event.target.blur();
        else latest.current.back();
        return;
      }
      if (typing(event.target)) return;
      const action = actionOf(event) ?? (onConversation(event.target) ? arrowActions[event.key] : undefined);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
