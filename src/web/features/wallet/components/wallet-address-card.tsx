import { Wallet } from 'lucide-react';
import { CopyButton } from '@/web/components/copy-button';
import { ExternalTextLink } from '@/web/components/external-text-link';
import { SectionCard } from '@/web/components/ui/section-card';
import { publicConfig } from '@/web/lib/public-config';

/** The block explorer's page for a DAG address. */
export const dagExplorerUrl = (address: string) =>
  `${publicConfig.dagExplorerAddressUrl}${address}`;

/**
 * Dashboard card 3: the custodial wallet the agent keeps for the user's handle.
 * `address` is undefined while loading and null when there is none (or the lookup failed).
 */
export function WalletAddressCard({ address }: { address: string | null | undefined }) {
  const { productName, agentHandle } = publicConfig;
  return (
    <SectionCard title={`${productName} Wallet`} icon={Wallet}>
      {address === undefined ? (
        <p className="text-sm text-slate-400">Loading wallet...</p>
      ) : address ? (
        <>
          <div className="flex items-start gap-2">
            <p
              className="min-w-0 flex-1 break-all rounded-md bg-slate-950/60 px-3 py-2 font-mono text-sm text-slate-100"
              data-testid="wallet-address"
            >
              {address}
            </p>
            <CopyButton text={address} label="Copy wallet address" />
          </div>
          <ExternalTextLink href={dagExplorerUrl(address)} className="mt-auto">
            View on DAG Explorer
          </ExternalTextLink>
        </>
      ) : (
        <div className="text-sm">
          <p className="font-medium text-slate-100">No {productName} Wallet found</p>
          <p className="mt-1 text-slate-400">Tweet at @{agentHandle} to get your wallet address</p>
        </div>
      )}
    </SectionCard>
  );
}
