'use client';

import { useEffect, useRef } from 'react';

export const shortcuts: Array<[string, string]> = [
  ['j', 'Next conversation'],
  ['k', 'Previous conversation'],
  ['/ or c', 'Focus the composer'],
  ['a', 'Assign the conversation to me'],
  ['?', 'Show or hide this help'],
  ['Esc', 'Close this help'],
];

/** The keyboard shortcuts overlay, a modal dialog. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    node?.showModal();
    return () => node?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="shortcuts-heading"
      className="m-auto w-80 rounded-xl p-5 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="shortcuts-heading" className="text-base font-semibold text-slate-900">Keyboard shortcuts</h2>
      <dl className="mt-3 space-y-1.5 text-sm">
        {shortcuts.map(([keys, what]) => (
          <div key={keys} className="flex justify-between gap-4">
            <dt><kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs ring-1 ring-slate-300">{keys}</kbd></dt>
            <dd className="text-slate-700">{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose} className="mt-4 w-full rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white">
        Close
      </button>
    </dialog>
  );
}
