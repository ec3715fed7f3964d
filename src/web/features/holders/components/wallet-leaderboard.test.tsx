import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WalletList } from '@/shared/holders/wallet-list';
import { ListFooter } from './wallet-leaderboard';

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');
const list: WalletList = {
  walletCount: 1,
  wallets: [{ address: 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB', balance: 5 }],
  asOf: { network: 'constellation', position: '812', time: '2026-11-20T10:00:00.000Z' },
};

describe('ListFooter: where the figures are from', () => {
  it('says since when the figures are unchanged while the network is read', () => {
    const html = text(renderToString(<ListFooter list={list} network="constellation" />));
    expect(html).toContain('Unchanged since Snapshot 812 · 11/20/2026, 10:00:00 AM UTC');
    expect(html).not.toContain('could not be read');
  });

  it('says the network could not be read, since when, and which snapshot is shown', () => {
    const stale = { ...list, unreadableSince: '2026-11-20T10:05:00.000Z' };
    const html = text(renderToString(<ListFooter list={stale} network="constellation" />));
    expect(html).toContain(
      'The Constellation network could not be read since 11/20/2026, 10:05:00 AM UTC: these balances are from Snapshot 812',
    );
    expect(html).not.toContain('Unchanged since');
    const base = { ...stale, asOf: { ...list.asOf!, network: 'base' as const, position: '99' } };
    expect(text(renderToString(<ListFooter list={base} network="base" />))).toContain(
      'The Base network could not be read since 11/20/2026, 10:05:00 AM UTC: these balances are from Block 99',
    );
  });
});
