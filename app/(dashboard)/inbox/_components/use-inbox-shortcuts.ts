'use client';

import { useEffect, useRef } from 'react';

export interface ShortcutHandlers {
  next: () => void;
  previous: () => void;
  focusComposer: () => void;
  assignToMe: () => void;
  toggleHelp: () => void;
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Single-key shortcuts, ignored while the agent types in a field or holds a modifier. */
export function useInboxShortcuts(handlers: ShortcutHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      const action = { j: 'next', k: 'previous', '/': 'focusComposer', c: 'focusComposer', a: 'assignToMe', '?': 'toggleHelp' }[event.key] as
        | keyof ShortcutHandlers
        | undefined;
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
