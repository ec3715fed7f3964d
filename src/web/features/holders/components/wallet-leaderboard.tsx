import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { WALLET_LIST_LIMIT } from '@/shared/holders/constants';
import {
  circulationOf,
  formatUp,
  shortenAddress,
  topCirculatingWallet,
  walletListCsv,
} from '@/shared/holders/display';
import type { WalletList } from '@/shared/holders/wallet-list';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { publicConfig } from '@/web/lib/public-config';
import { type HolderNetworkId, useWalletList } from '../api/get-wallet-list';
import { WalletRow } from './wallet-row';

const NETWORKS: { id: HolderNetworkId; toggle: string; name: string }[] = [
  { id: 'constellation', toggle: 'Constellation (DAG)', name: 'Constellation' },
  { id: 'base', toggle: 'Base Network', name: 'Base' },
];

/** The network toggle, heading, three stat cards and the wallet list. */
export function WalletLeaderboard() {
  const [network, setNetwork] = useState<HolderNetworkId>('constellation');
  // A failed poll keeps the last figures (React Query keeps `data`): the error shows only
  // when there is nothing to show.
  const { data, isPending, isFetching } = useWalletList(network);
  const name = NETWORKS.find((n) => n.id === network)!.name;
  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Network</legend>
        {NETWORKS.map((n) => (
          <Button
            key={n.id}
            size="sm"
            variant={n.id === network ? 'default' : 'outline'}
            aria-pressed={n.id === network}
            onClick={() => setNetwork(n.id)}
          >
            {n.toggle}
          </Button>
        ))}
      </fieldset>
      <div>
        <h3 className="text-2xl font-bold text-slate-50">{name} Wallet Leaderboard</h3>
        <p className="mt-1 text-slate-400">Real-time wallet balances from the {name} Network</p>
      </div>
      {isPending ? (
        <p role="status" className="flex items-center gap-2 text-slate-300">
          <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Loading wallet data...
        </p>
      ) : !data ? (
        <p role="alert" className="text-red-300">
          Unable to load wallet data
        </p>
      ) : (
        <Leaderboard list={data} network={network} busy={isFetching} />
      )}
    </div>
  );
}

/** `busy` while a poll (or its retries) runs: assistive tech waits for the list to settle. */
function Leaderboard({
  list,
  network,
  busy,
}: {
  list: WalletList;
  network: HolderNetworkId;
  busy: boolean;
}) {
  const circulation = circulationOf(list);
  const top = topCirculatingWallet(list.wallets);
  const explorerUrl =
    network === 'base' ? publicConfig.baseExplorerAddressUrl : publicConfig.dagExplorerAddressUrl;
  const stats = [
    {
      title: 'Total Wallets',
      value: list.walletCount.toLocaleString('en-US'),
      note: 'Active wallets with balance',
    },
    { title: 'Circulation', value: formatUp(circulation), note: 'UP tokens in circulation' },
    {
      title: 'Top Balance',
      value: top ? `${formatUp(top.balance)} UP` : '—',
      note: top
        ? `Largest circulating wallet · ${shortenAddress(top.address)}`
        : 'Largest circulating wallet',
    },
  ];
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-3">
        {stats.map((s) => (
          <li key={s.title}>
            <Card className="h-full p-4">
              <h4 className="text-sm text-slate-400">{s.title}</h4>
              <p className="mt-1 font-mono text-lg font-semibold text-slate-50">{s.value}</p>
              <p className="mt-1 text-xs text-slate-500">{s.note}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="rounded-xl border border-slate-800 bg-slate-900/60">
        <ol
          className="max-h-[800px] overflow-y-auto"
          aria-label="Wallets by balance"
          aria-busy={busy}
        >
          {list.wallets.map((entry, i) => (
            <WalletRow
              key={entry.address}
              rank={i + 1}
              entry={entry}
              circulation={circulation}
              explorerUrl={explorerUrl}
            />
          ))}
        </ol>
        <ListFooter list={list} network={network} />
      </div>
    </>
  );
}

/** Under the list: how many are shown, where the figures are from, the CSV download. */
export function ListFooter({ list, network }: { list: WalletList; network: HolderNetworkId }) {
  const limit = WALLET_LIST_LIMIT[network];
  const download = () => {
    const url = URL.createObjectURL(new Blob([walletListCsv(list)], { type: 'text/csv' }));
    const a = Object.assign(document.createElement('a'), {
      href: url,
      download: `up-holders-${network}.csv`,
    });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-3 px-4 py-3 text-sm text-slate-400')}>
      {network === 'base' && list.walletCount > limit && (
        <span>
          Showing top {limit} of {list.walletCount.toLocaleString('en-US')} wallets
        </span>
      )}
      {list.unreadableSince ? (
        <span role="status" data-testid="wallets-unreadable" className="text-amber-300">
          The {network === 'base' ? 'Base' : 'Constellation'} network could not be read since{' '}
          {utcTime(list.unreadableSince)} UTC
          {list.asOf &&
            `: these balances are from ${network === 'base' ? 'Block' : 'Snapshot'} ${list.asOf.position}`}
        </span>
      ) : (
        list.asOf && (
          // `asOf` is where the figures last changed: later snapshots/blocks that moved no shown
          // figure keep the body (and its ETag) as it was.
          <span data-testid="wallets-as-of">
            Unchanged since {network === 'base' ? 'Block' : 'Snapshot'} {list.asOf.position} ·{' '}
            {utcTime(list.asOf.time)} UTC
          </span>
        )
      )}
      <Button variant="outline" size="sm" className="ml-auto" onClick={download}>
        Download CSV
      </Button>
    </div>
  );
}

const utcTime = (iso: string) => new Date(iso).toLocaleString('en-US', { timeZone: 'UTC' });
