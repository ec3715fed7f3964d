import { PageReveal } from '@/web/components/layout/page-reveal';
import type { CurrentUser } from '@/web/features/auth/api/auth-api';
import { useDagAddress } from '@/web/features/auth/api/use-dag-address';
import { AccountInfoCard } from '@/web/features/dashboard/components/account-info-card';
import { ProfileCard } from '@/web/features/dashboard/components/profile-card';
import { SignInRequired } from '@/web/features/dashboard/components/sign-in-required';
import { LinkedWalletCard } from '@/web/features/wallet/components/linked-wallet-card';
import { WalletAddressCard } from '@/web/features/wallet/components/wallet-address-card';

/** /settings: the account, the custodial wallet, and linking a wallet of one's own. */
export default function SettingsPage() {
  return (
    <SignInRequired message="Please log in to view your settings">
      {(user) => <Settings user={user} />}
    </SignInRequired>
  );
}

function Settings({ user }: { user: CurrentUser }) {
  const wallet = useDagAddress(true);
  return (
    <PageReveal className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-12 sm:px-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Settings</h1>
        <p className="mt-2 text-slate-300">Your account and wallets</p>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <ProfileCard user={user} />
        <AccountInfoCard user={user} />
        <WalletAddressCard address={wallet.isLoading ? undefined : wallet.dagAddress} />
        <LinkedWalletCard linkedAddress={user.linkedWalletAddress ?? null} />
      </div>
    </PageReveal>
  );
}
