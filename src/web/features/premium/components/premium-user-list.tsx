import { Search } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { numberEnUs } from '@/web/lib/plain-format';
import { shortenAddress } from '@/web/lib/shorten-address';
import { useUrlSearchForm } from '@/web/lib/use-url-search-form';
import { usePremiumUsers } from '../api/premium-api';
import { BADGE_TONE_CLASS, healthBadge } from './health-badge';

const INPUT =
  'w-full rounded-lg border border-slate-700 bg-slate-900 py-2 pr-3 pl-9 text-slate-100 placeholder:text-slate-500 focus:border-brand focus:outline-none';

const TIER_CLASS = {
  premium: 'border-brand/50 bg-brand/10 text-brand',
  pro: 'border-sky-500/40 bg-sky-500/10 text-sky-300',
  free: 'border-slate-600 bg-slate-800 text-slate-300',
} as const;

const FIELDS = ['search', 'wallet'] as const;

/**
 * The /premium user list: search by username and by wallet address (Enter or Search runs
 * it; a new search starts the list over), 50 per page, Load More with the remaining count.
 * The search is `?search=&wallet=`, so it works before the app starts (lib/use-url-search-form).
 */
export function PremiumUserList() {
  const form = useUrlSearchForm(FIELDS);
  const list = usePremiumUsers(form.submitted);
  const users = list.data?.pages.flatMap((p) => p.users) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <div className="flex flex-col gap-4">
      <form {...form.formProps} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto]">
        {(['search', 'wallet'] as const).map((field) => (
          <label key={field} className="relative block">
            <span className="sr-only">
              {field === 'search' ? 'Search by username' : 'Search by wallet address'}
            </span>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              type="search"
              {...form.inputProps(field)}
              maxLength={200}
              placeholder={field === 'search' ? 'Username' : 'Wallet address (DAG...)'}
              className={INPUT}
            />
          </label>
        ))}
        <Button type="submit">Search</Button>
      </form>
      {list.isError ? (
        <p role="alert" className="text-red-400">
          Failed to load users: {list.error.message}
        </p>
      ) : list.isLoading ? (
        <p className="text-slate-400">Loading users...</p>
      ) : users.length === 0 ? (
        <p className="text-slate-400">No users found.</p>
      ) : (
        <ul
          className="divide-y divide-slate-800 rounded-xl border border-slate-800"
          aria-label="Users"
        >
          {users.map((u) => {
            const badge = healthBadge(u);
            return (
              <li
                key={u.username}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3"
              >
                {/* Its own line on a phone (the wallet and badges would squeeze it to "@…");
                    a name too long even so is cut with the full name on hover. */}
                <span
                  className="min-w-0 basis-full truncate font-medium text-slate-100 sm:basis-0 sm:flex-1"
                  title={`@${u.username}`}
                >
                  @{u.username}
                </span>
                <span
                  className="font-mono text-xs text-slate-400"
                  title={u.wallet_address ?? undefined}
                >
                  {u.wallet_address ? shortenAddress(u.wallet_address, 12, 6) : 'No wallet'}
                </span>
                <span
                  className={`rounded-full border px-2 py-0.5 text-xs capitalize ${TIER_CLASS[u.subscription_tier]}`}
                >
                  {u.subscription_tier}
                </span>
                <span
                  className={`rounded-full border px-2 py-0.5 text-xs ${BADGE_TONE_CLASS[badge.tone]}`}
                >
                  {badge.text}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {list.isFetchingNextPage
            ? 'Loading...'
            : `Load More (${numberEnUs(total - users.length)} remaining)`}
        </Button>
      )}
    </div>
  );
}
