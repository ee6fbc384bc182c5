import type { ReactNode } from 'react';
import { Alert } from './alert';
import { EmptyState } from './empty-state';
import { ListSkeleton } from './list-skeleton';

/** A list's loading, failed and empty states, shown the same way on every dashboard page; `emptyAction` is the next thing to do. */
export function ListStates({
  pending,
  failed,
  empty,
  texts,
  emptyAction,
}: {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  texts: { loading: string; failed: string; empty: string };
  emptyAction?: ReactNode;
}) {
  return (
    <>
      {pending && (
        <div className="mt-4">
          <ListSkeleton label={texts.loading} />
        </div>
      )}
      {failed && <Alert className="mt-4 text-sm">{texts.failed}</Alert>}
      {empty && <EmptyState text={texts.empty} action={emptyAction} />}
    </>
  );
}
