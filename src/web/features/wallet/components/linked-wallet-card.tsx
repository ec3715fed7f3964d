import { Link2 } from 'lucide-react';
import { ExternalTextLink } from '@/web/components/external-text-link';
import { SectionCard } from '@/web/components/ui/section-card';
import { LinkWalletForm } from './link-wallet-form';
import { dagExplorerUrl } from './wallet-address-card';

/** /settings: the user's own DAG wallet (not the custodial one), and the form to link it. */
export function LinkedWalletCard({ linkedAddress }: { linkedAddress: string | null }) {
  return (
    <SectionCard title="Linked Wallet" icon={Link2}>
      <p className="text-sm text-slate-400">
        A DAG wallet of your own, kept on your account next to the wallet the agent holds for you.
      </p>
      {linkedAddress ? (
        <div className="flex flex-col gap-1">
          <p
            className="break-all rounded-md bg-slate-950/60 px-3 py-2 font-mono text-sm text-slate-100"
            data-testid="linked-wallet-address"
          >
            {linkedAddress}
          </p>
          <ExternalTextLink href={dagExplorerUrl(linkedAddress)}>
            View on DAG Explorer
          </ExternalTextLink>
        </div>
      ) : (
        <p className="text-sm font-medium text-slate-200">No wallet linked yet</p>
      )}
      <LinkWalletForm hasLinkedWallet={Boolean(linkedAddress)} />
    </SectionCard>
  );
}
