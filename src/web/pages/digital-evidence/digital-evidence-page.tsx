import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/web/components/ui/button';
import { useEvidenceList } from '@/web/features/digital-evidence/api/evidence-api';
import { EvidenceEntryCard } from '@/web/features/digital-evidence/components/evidence-entry-card';
import { useDebouncedValue } from '@/web/features/digital-evidence/components/use-debounced-value';
import { numberEnUs } from '@/web/lib/plain-format';
import { useUrlSearchForm } from '@/web/lib/use-url-search-form';

const FIELDS = ['search'] as const;

/** /digital-evidence — the public archive of fingerprinted posts. */
export default function DigitalEvidencePage() {
  // The search is `?search=` (live before the app starts: lib/use-url-search-form); typing puts
  // it there after 400 ms of quiet, Enter at once.
  const form = useUrlSearchForm(FIELDS);
  const typed = useDebouncedValue(form.draft.search, 400);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typing settles, only
  useEffect(() => {
    if (typed.trim() !== form.submitted.search) form.submit({ search: typed });
  }, [typed]);
  const term = form.submitted.search;
  const list = useEvidenceList(term);
  const pages = list.data?.pages ?? [];
  const entries = pages.flatMap((p) => p.entries);
  const total = pages[0]?.total ?? 0;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12 sm:px-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Digital Evidence</h1>
        <p className="text-slate-400">
          Posts fingerprinted on the Constellation network. Anyone can check that a post is exactly
          what was recorded.
        </p>
      </div>
      <form {...form.formProps} className="relative block">
        <label htmlFor="evidence-search" className="sr-only">
          Search the archive
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          aria-hidden="true"
        />
        <input
          id="evidence-search"
          type="search"
          {...form.inputProps('search')}
          placeholder="Search by author, tweet ID, or fingerprint hash..."
          className="w-full rounded-lg border border-slate-700 bg-slate-900 py-2 pr-3 pl-9 text-slate-100 placeholder:text-slate-500 focus:border-brand focus:outline-none"
        />
      </form>
      {list.isError ? (
        <p role="alert" className="text-red-400">
          Unable to load digital evidence data
        </p>
      ) : list.isLoading ? (
        <p className="text-slate-400">Loading digital evidence…</p>
      ) : (
        <>
          <p className="text-sm text-slate-300" data-testid="evidence-total">
            {numberEnUs(total)} {total === 1 ? 'post' : 'posts'} fingerprinted
            {term ? ` matching “${term}”` : ''}
          </p>
          {entries.length === 0 ? (
            <p className="text-slate-400">No digital evidence found.</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {entries.map((entry) => (
                <EvidenceEntryCard key={entry.uuid} entry={entry} />
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
