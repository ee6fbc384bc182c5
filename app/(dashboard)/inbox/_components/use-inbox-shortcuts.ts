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

const letterActions: Record<string, keyof ShortcutHandlers> = { j: 'next', k: 'previous', '/': 'focusComposer', c: 'focusComposer', a: 'assignToMe', '?': 'toggleHelp' };
// Arrows only where they have no other job: on a conversation of the list.
const arrowActions: Record<string, keyof ShortcutHandlers> = { ArrowDown: 'next', ArrowUp: 'previous' };

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
      const action = letterActions[event.key] ?? (onConversation(event.target) ? arrowActions[event.key] : undefined);
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
