import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { publicConfig } from '@/web/lib/public-config';
import { NO_BALANCES, parseWalletBalances } from '../api/get-wallet-balances';
import { WalletAddressCard } from './wallet-address-card';
import { WalletBalancesCard } from './wallet-balances-card';

const text = (html: string) => html.replace(/<!-- -->/g, '');
const ADDRESS = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';

describe('WalletBalancesCard', () => {
  it('shows loading, then "No wallet connected" without an address', () => {
    expect(renderToString(<WalletBalancesCard balances={undefined} />)).toContain(
      'Loading balances...',
    );
    expect(renderToString(<WalletBalancesCard balances={NO_BALANCES} />)).toContain(
      'No wallet connected',
    );
  });

  it('shows each balance with 2 decimals; null or junk shows 0.00', () => {
    const balances = parseWalletBalances({
      addresses: { constellation: ADDRESS },
      balances: { constellation: { dag: '1234567.899', up: null, dor: 'n/a' } },
    });
    const html = text(renderToString(<WalletBalancesCard balances={balances} />));
    const values = [...html.matchAll(/<dd[^>]*>([^<]*)<\/dd>/g)].map((m) => m[1]);
    expect(values).toEqual(['1,234,567.90', '0.00', '0.00']);
    expect(html).toMatch(/\$DAG.*\$UP.*\$DOR/);
  });
});

describe('WalletAddressCard', () => {
  it('shows loading, the address with its explorer link, or how to get a wallet', () => {
    expect(renderToString(<WalletAddressCard address={undefined} />)).toContain(
      'Loading wallet...',
    );
    const html = text(renderToString(<WalletAddressCard address={ADDRESS} />));
    expect(html).toContain(ADDRESS);
    expect(html).toContain(`href="${publicConfig.dagExplorerAddressUrl}${ADDRESS}"`);
    expect(html).toContain('View on DAG Explorer');
    const none = text(renderToString(<WalletAddressCard address={null} />));
    expect(none).toContain(`No ${publicConfig.productName} Wallet found`);
    expect(none).toContain(`Tweet at @${publicConfig.agentHandle} to get your wallet address`);
  });
});
