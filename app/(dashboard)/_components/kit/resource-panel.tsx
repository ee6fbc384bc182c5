'use client';

import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { ConfirmRemoval } from './confirm-dialog';
import { ErrorLine } from './alert';
import { ListStates } from './list-states';

/** A removal the panel confirms: the caller's mutation, called with `onRemoved` once it succeeds. */
export interface ResourceRemoval<Item> {
  title: (item: Item) => string;
  body: string;
  confirmLabel: string;
  mutation: { isPending: boolean; error: unknown; reset: () => void };
  remove: (item: Item, onRemoved: () => void) => void;
}

export interface ResourcePanelProps<Item> {
  id: string;
  title: string;
  /** A page's section (h2), a card of its own (h2 in a frame), or a part of a card (h3). */
  variant?: 'page' | 'card' | 'part';
  intro?: string;
  /** Why the list is read-only, shown once it loaded to someone who cannot add to it. */
  readOnlyNote?: string;
  list: { isPending: boolean; isError: boolean; data: Item[] | undefined };
  texts: { loading: string; failed: string; empty: string; create: string };
  canCreate: boolean;
  /** The create form; `close` puts the New button back. */
  createForm: (close: () => void) => ReactNode;
  /** Shown above the list: a secret shown once, a saved notice. */
  notice?: ReactNode;
  /** A row action's failure. */
  error?: string | null;
  removal?: ResourceRemoval<Item>;
  /** The list itself; `askRemove` opens the removal's confirmation for an item. */
  children: (items: Item[], actions: { askRemove: (item: Item) => void }) => ReactNode;
}

const frames = {
  page: { section: 'mt-6 space-y-4', heading: 'text-lg font-semibold text-slate-900' },
  card: {
    section: 'space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6',
    heading: 'text-base font-semibold text-slate-900',
  },
  part: { section: 'space-y-3', heading: 'text-sm font-medium text-slate-800' },
};

/**
 * A list of things someone adds, reads and removes (keys, webhooks, provider keys, knowledge,
 * tools): its heading and New button, the create form, loading, failure and empty states, and
 * the confirmation before a removal, the same on every page.
 */
export function ResourcePanel<Item>(props: ResourcePanelProps<Item>) {
  const { id, title, variant = 'page', intro, readOnlyNote, list, texts, canCreate, createForm, notice, error, removal, children } = props;
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Item | null>(null);
  const frame = frames[variant];
  const Heading = variant === 'part' ? 'h3' : 'h2';
  const empty = list.data?.length === 0;
  // An empty list's next step is to add the first one: the New button moves into the empty state.
  const newButton = (look: 'primary' | 'secondary') =>
    canCreate &&
    !creating && (
      <Button variant={look} onClick={() => setCreating(true)}>
        {texts.create}
      </Button>
    );
  const askRemove = (item: Item) => {
    removal?.mutation.reset();
    setRemoving(item);
  };
  return (
    <section aria-labelledby={`${id}-heading`} className={frame.section}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading id={`${id}-heading`} className={frame.heading}>
          {title}
        </Heading>
        {!empty && newButton(variant === 'part' ? 'secondary' : 'primary')}
      </div>
      {intro && <p className="max-w-2xl text-sm text-slate-600">{intro}</p>}
      {readOnlyNote && list.data && !canCreate && <p className="text-sm text-slate-600">{readOnlyNote}</p>}
      {notice}
      {creating && createForm(() => setCreating(false))}
      <ErrorLine text={error ?? null} />
      <ListStates
        pending={list.isPending}
        failed={list.isError}
        empty={empty}
        texts={{ loading: texts.loading, failed: texts.failed, empty: texts.empty }}
        emptyAction={newButton('primary')}
      />
      {list.data && list.data.length > 0 && children(list.data, { askRemove })}
      {removal && removing !== null && (
        <ConfirmRemoval
          title={removal.title(removing)}
          body={removal.body}
          confirmLabel={removal.confirmLabel}
          removal={removal.mutation}
          onConfirm={() => removal.remove(removing, () => setRemoving(null))}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}
