import { SummaryCards } from './summary-cards';
import { WalletLeaderboard } from './wallet-leaderboard';

/** The network overview and wallet leaderboard section (its own chunk, loaded on approach). */
export default function NetworkOverviewSection() {
  return (
    <div className="flex flex-col gap-10">
      <SummaryCards />
      <WalletLeaderboard />
    </div>
  );
}
