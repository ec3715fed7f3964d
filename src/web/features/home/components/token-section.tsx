import { ExternalLink } from 'lucide-react';
import { profileUrl } from '@/shared/x-links';
import { Card } from '@/web/components/ui/card';
import { publicConfig } from '@/web/lib/public-config';
import { ContractAddress } from './contract-address';
import { SectionHeading } from './section-heading';

export function TokenSection() {
  const { baseContractAddress, marketDataUrl, metagraphExplorerUrl, agentHandle } = publicConfig;
  // In the sandbox both point at local twins (the explorer's page says it is the sandbox's).
  const links = [
    {
      href: marketDataUrl,
      label: publicConfig.sandboxIndexUrl ? 'Market data (sandbox)' : 'Market data',
    },
    { href: metagraphExplorerUrl, label: 'Metagraph explorer' },
    { href: profileUrl(publicConfig, agentHandle), label: `@${agentHandle} on X` },
  ];
  return (
    <section
      aria-labelledby="token-title"
      id="token"
      className="border-y border-slate-800/80 bg-slate-900/30"
    >
      <div className="[&>*]:min-w-0 mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:items-center">
        <SectionHeading id="token-title" eyebrow="Token" title="$UP">
          $UP is a token on the Constellation network's metagraph, where the agent's wallets live,
          and an ERC-20 on Base. Rewards, fees and premium services are paid in $UP.
        </SectionHeading>
        <Card>
          <h3 className="text-sm font-medium text-slate-300">
            Base contract address
            {publicConfig.sandboxIndexUrl && ' (local sandbox chain)'}
          </h3>
          <div className="mt-3">
            <ContractAddress address={baseContractAddress} />
          </div>
          <ul className="mt-6 flex flex-wrap gap-3">
            {links.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1.5 rounded-md border border-slate-700 px-3 py-2 text-sm text-slate-200 transition-colors hover:border-brand hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
                >
                  {link.label}
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </section>
  );
}
