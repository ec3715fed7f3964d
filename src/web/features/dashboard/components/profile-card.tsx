import { profileUrl } from '@/shared/x-links';
import { ExternalTextLink } from '@/web/components/external-text-link';
import { SectionCard } from '@/web/components/ui/section-card';
import { XLogo } from '@/web/components/ui/x-logo';
import type { CurrentUser } from '@/web/features/auth/api/auth-api';
import { UserAvatar } from '@/web/features/auth/components/user-avatar';
import { publicConfig } from '@/web/lib/public-config';

/** Dashboard card 2: who is signed in, with a link to their X profile. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  return (
    <SectionCard title="X/Twitter Profile">
      <div className="flex items-center gap-4">
        <UserAvatar
          username={user.username}
          imageUrl={user.profileImageUrl}
          className="size-16 text-2xl"
        />
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-50">{user.displayName}</p>
          <p className="truncate text-slate-400">@{user.username}</p>
        </div>
      </div>
      <ExternalTextLink href={profileUrl(publicConfig, user.username)} className="mt-auto">
        <XLogo className="size-3.5" />
        View Profile on X
      </ExternalTextLink>
    </SectionCard>
  );
}
