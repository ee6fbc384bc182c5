'use client';

import type { ConversationStatus } from '@/server/db';

const statusLabels: Record<ConversationStatus, string> = { open: 'Open', snoozed: 'Snoozed', resolved: 'Resolved' };

interface StatusTabsProps {
  value: ConversationStatus;
  counts: Record<ConversationStatus, number> | undefined;
  onChange: (status: ConversationStatus) => void;
}

/** Open, snoozed, resolved: which conversations the list shows, with how many each holds. */
export function StatusTabs({ value, counts, onChange }: StatusTabsProps) {
  return (
    <div role="group" aria-label="Status" className="grid grid-cols-3 rounded-lg bg-slate-100 p-0.5 text-xs">
      {(Object.keys(statusLabels) as ConversationStatus[]).map((status) => (
        <button
          key={status}
          type="button"
          aria-pressed={value === status}
          data-testid={`status-${status}`}
          onClick={() => onChange(status)}
          className={`flex min-w-0 items-center justify-center gap-1 rounded-md px-1.5 py-1 font-medium ${
            value === status ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900'
          }`}
        >
          <span className="truncate">{statusLabels[status]}</span>
          {counts && <span className="tabular-nums text-slate-600" data-testid={`count-${status}`}>{counts[status].toLocaleString()}</span>}
        </button>
      ))}
    </div>
  );
}
