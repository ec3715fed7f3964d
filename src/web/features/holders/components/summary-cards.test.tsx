import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WalletList } from '@/shared/holders/wallet-list';
import { SummaryCardList } from './summary-cards';

const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '|');
/** Each card's text: title, figure and note, in order. */
const cards = (html: string) =>
  text(html)
    .split(/\|+(?=Total Supply|Base Circulating|DAG Circulating|Total Wallets|Total Burned)/)
    .slice(1)
    .map((c) => c.split('|').filter(Boolean));
const list: WalletList = {
  walletCount: 2,
  wallets: [{ address: 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB', balance: 5 }],
};

describe('the landing’s summary cards', () => {
  it('say the Base list could not be loaded instead of loading dots forever', () => {
    const html = renderToString(
      <SummaryCardList dag={{ data: list, isError: false }} base={{ isError: true }} />,
    );
    const [, base, dag, total] = cards(html);
    expect(base).toEqual(['Base Circulating', '—', 'Unable to load wallet data']);
    expect(total).toEqual(['Total Wallets', '—', 'Unable to load wallet data']);
    expect(dag?.[1]).not.toBe('...');
    expect(html).not.toContain('>...<');
  });

  it('show dots while a list loads, and the last figures when a later poll fails', () => {
    const loading = cards(
      renderToString(
        <SummaryCardList dag={{ data: list, isError: false }} base={{ isError: false }} />,
      ),
    );
    expect(loading[1]).toEqual(['Base Circulating', '...']);
    expect(loading[3]).toEqual(['Total Wallets', '...']);
    const kept = cards(
      renderToString(
        <SummaryCardList
          dag={{ data: list, isError: false }}
          base={{ data: list, isError: true }}
        />,
      ),
    );
    expect(kept[3]).toEqual(['Total Wallets', '4']);
    expect(kept.flat()).not.toContain('Unable to load wallet data');
  });
});
