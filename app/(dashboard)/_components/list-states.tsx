import { ListSkeleton } from './list-skeleton';

/** A list's loading, failed and empty states, shown the same way on every dashboard page. */
export function ListStates({
  pending,
  failed,
  empty,
  texts,
}: {
  pending: boolean;
  failed: boolean;
  empty: boolean;
  texts: { loading: string; failed: string; empty: string };
}) {
  return (
    <>
      {pending && (
        <div className="mt-4">
          <ListSkeleton label={texts.loading} />
        </div>
      )}
      {failed && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {texts.failed}
        </p>
      )}
      {empty && (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{texts.empty}</p>
      )}
    </>
  );
}
