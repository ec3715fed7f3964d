import type { ReactNode } from 'react';
import { CopyButton } from '@/web/components/copy-button';
import type { Receipt } from '@/web/features/agent/api/agent-api';
import { chargeText, exact, shortHash, unclaimedText, when } from './receipt-format';

type Party = { handle: string | null; address: string };

function Row({ label, children, id }: { label: string; children: ReactNode; id?: string }) {
  return (
    <div className="grid grid-cols-[6.5rem_1fr] gap-x-3 gap-y-1 py-2 sm:grid-cols-[10rem_1fr]">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="min-w-0 text-sm text-slate-100" data-testid={id}>
        {children}
      </dd>
    </div>
  );
}

/** @handle over the address, the address cut short with the whole one a copy away. */
function PartyText({ party }: { party: Party }) {
  return (
    <span className="flex flex-col">
      <span>{party.handle ? `@${party.handle}` : 'An outside address'}</span>
      <span className="flex items-center gap-1 font-mono text-xs text-slate-400">
        <span title={party.address}>{shortHash(party.address)}</span>
        <CopyButton text={party.address} label="Copy address" className="h-6 w-6 shrink-0" />
      </span>
    </span>
  );
}

/** The receipt proper: who, how much, the fees, the total and the transactions, one per row. */
export function ReceiptFacts({ r }: { r: Receipt }) {
  const t = r.transfer;
  const token = t?.token ?? 'UP';
  const snapshot = r.transactions.find((tx) => tx.snapshotOrdinal)?.snapshotOrdinal;
  const at = t?.confirmedAt ?? r.processedAt ?? r.receivedAt;
  return (
    <dl className="divide-y divide-slate-800">
      {t?.from && (
        <Row label="From" id="receipt-from">
          <PartyText party={t.from} />
        </Row>
      )}
      {t && (
        <Row label="To" id="receipt-to">
          <PartyText party={t.to ?? { handle: null, address: t.toAddress }} />
        </Row>
      )}
      {t?.amount && <Row label="Amount" id="receipt-amount">{`${exact(t.amount)} ${token}`}</Row>}
      {t?.fee && <Row label="Fee (0.5%)" id="receipt-fee">{`${exact(t.fee)} ${token}`}</Row>}
      {t && (
        <Row label="Network fee" id="receipt-network-fee">
          {`${exact(t.networkFee ?? '0')} ${token}`}
        </Row>
      )}
      {t?.total && (
        <Row label="Total debited" id="receipt-total">
          <strong>{`${exact(t.total)} ${token}`}</strong>
        </Row>
      )}
      {t && <Row label="Transfer">{t.error ? `${t.state}: ${t.error}` : t.state}</Row>}
      {snapshot && <Row label="Snapshot">{`#${snapshot}`}</Row>}
      {r.transactions.map((tx) => (
        <Row
          key={tx.hash}
          label={`${tx.kind.charAt(0).toUpperCase()}${tx.kind.slice(1)} transaction`}
        >
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 whitespace-nowrap">
            {tx.explorerUrl ? (
              <a href={tx.explorerUrl} className="font-mono text-brand underline" rel="noopener">
                {shortHash(tx.hash)}
              </a>
            ) : (
              <span className="font-mono">{shortHash(tx.hash)}</span>
            )}
            <CopyButton text={tx.hash} label="Copy transaction hash" className="h-6 w-6 shrink-0" />
            <span className="text-xs uppercase text-slate-400">{tx.state}</span>
          </span>
        </Row>
      ))}
      {r.unclaimed && (
        <Row label="Unclaimed" id="receipt-unclaimed">
          {unclaimedText(r.unclaimed)}
        </Row>
      )}
      {r.charge && (
        <Row label="Cost" id="receipt-charge">
          {chargeText(r.charge)}
        </Row>
      )}
      <Row label={t?.confirmedAt ? 'Confirmed' : 'Time'} id="receipt-time">
        <time dateTime={at}>{when(at)}</time>
      </Row>
    </dl>
  );
}
