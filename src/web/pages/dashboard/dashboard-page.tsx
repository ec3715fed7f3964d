import { PageReveal } from '@/web/components/layout/page-reveal';
import type { CurrentUser } from '@/web/features/auth/api/auth-api';
import { useDagAddress } from '@/web/features/auth/api/use-dag-address';
import { useSubscription } from '@/web/features/dashboard/api/get-subscription';
import { AccountInfoCard } from '@/web/features/dashboard/components/account-info-card';
import { ActivityCard } from '@/web/features/dashboard/components/activity-card';
import { ConsoleCard } from '@/web/features/dashboard/components/console-card';
import { DashboardGreeting } from '@/web/features/dashboard/components/dashboard-greeting';
import { MyVideosCard } from '@/web/features/dashboard/components/my-videos-card';
import { ProfileCard } from '@/web/features/dashboard/components/profile-card';
import { SignInRequired } from '@/web/features/dashboard/components/sign-in-required';
import { SubscriptionCard } from '@/web/features/dashboard/components/subscription-card';
import { MyRewardsCard } from '@/web/features/leaderboard/components/my-rewards-card';
import { PlanPicker } from '@/web/features/premium/components/plan-picker';
import { MyPostRewardsCard } from '@/web/features/rewards/components/my-post-rewards-card';
import { useWalletBalances } from '@/web/features/wallet/api/get-wallet-balances';
import { WalletAddressCard } from '@/web/features/wallet/components/wallet-address-card';
import { WalletBalancesCard } from '@/web/features/wallet/components/wallet-balances-card';

/** /dashboard: the signed-in user's greeting, subscription, profile, wallet, its activity and account. */
export default function DashboardPage() {
  return (
    <SignInRequired message="Please log in to view your dashboard">
      {(user) => <Dashboard user={user} />}
    </SignInRequired>
  );
}

function Dashboard({ user }: { user: CurrentUser }) {
  const subscription = useSubscription(true);
  const wallet = useDagAddress(true);
  const balances = useWalletBalances();
  return (
    <PageReveal className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-12 sm:px-6">
      <DashboardGreeting user={user} address={wallet.isLoading ? undefined : wallet.dagAddress} />
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {/* With the plans in it (free tier, or extending) the card is a full row, its tiers side
            by side: in a cell it made the row as tall as its four buy buttons. */}
        <SubscriptionCard
          subscription={subscription.data}
          planPicker={<PlanPicker />}
          pickingClassName="md:col-span-2 lg:col-span-3"
        />
        <ProfileCard user={user} />
        <WalletAddressCard address={wallet.isLoading ? undefined : wallet.dagAddress} />
        <WalletBalancesCard balances={balances.data} />
        <ActivityCard className="md:col-span-2 lg:col-span-3" />
        <AccountInfoCard user={user} />
        <ConsoleCard />
        <MyVideosCard />
        <MyRewardsCard />
        <MyPostRewardsCard />
      </div>
    </PageReveal>
  );
}
