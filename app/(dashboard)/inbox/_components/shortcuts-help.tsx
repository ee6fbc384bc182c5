'use client';

import { useModalDialog } from '../../_components/use-modal-dialog';

export const shortcuts: Array<[string, string]> = [
  ['j or ↓', 'Next conversation in the list'],
  ['k or ↑', 'Previous conversation in the list'],
  ['Enter', 'Open the conversation'],
  ['/ or c', 'Focus the composer'],
  ['Esc', 'Leave the composer; on a phone, back to the list'],
  ['a', 'Assign the conversation to me'],
  ['?', 'Show or hide this help'],
];

/** The keyboard shortcuts overlay, a modal dialog. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="shortcuts-heading"
      className="m-auto w-[22rem] max-w-[calc(100%-2rem)] rounded-xl p-5 shadow-xl backdrop:bg-slate-900/40"
    >
      <h2 id="shortcuts-heading" className="text-base font-semibold text-slate-900">Keyboard shortcuts</h2>
      <dl className="mt-3 space-y-1.5 text-sm">
        {shortcuts.map(([keys, what]) => (
          <div key={keys} className="flex justify-between gap-4">
            <dt className="shrink-0"><kbd className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs ring-1 ring-slate-300">{keys}</kbd></dt>
            <dd className="text-end text-slate-700">{what}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose} className="mt-4 w-full rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white">
        Close
      </button>
    </dialog>
  );
}
