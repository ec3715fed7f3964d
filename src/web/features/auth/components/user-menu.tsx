import { ExternalLink, LayoutDashboard, Loader2, LogOut, Settings } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { profileUrl } from '@/shared/x-links';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { XLogo } from '@/web/components/ui/x-logo';
import { publicConfig } from '@/web/lib/public-config';
import { shortenAddress } from '@/web/lib/shorten-address';
import { WithQueries } from '@/web/lib/with-queries';
import { useDagAddress } from '../api/use-dag-address';
import { useAuth } from '../auth-context';
import { UserAvatar } from './user-avatar';

/**
 * The user menu, shown only when signed in. Loaded as its own chunk: signed-out visitors
 * (most of the landing page's traffic) never download the dropdown code.
 */
export default function UserMenuWithQueries() {
  return (
    <WithQueries>
      <UserMenu />
    </WithQueries>
  );
}

function UserMenu() {
  const { user, isAuthenticated, logout } = useAuth();
  const { dagAddress, isLoading: addressLoading } = useDagAddress(isAuthenticated);
  const [loggingOut, setLoggingOut] = useState(false);
  if (!user) return null;

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logout();
    } catch (err) {
      console.error('Logout failed', err);
      setLoggingOut(false);
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        <UserAvatar username={user.username} imageUrl={user.profileImageUrl} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{user.displayName}</span>
          <span className="block truncate font-normal text-slate-400">@{user.username}</span>
        </DropdownMenuLabel>
        {dagAddress ? (
          <DropdownMenuItem asChild>
            <a
              href={`${publicConfig.dagExplorerAddressUrl}${dagAddress}`}
              target="_blank"
              rel="noopener noreferrer"
              className="font-mono text-xs text-brand"
              title={dagAddress}
            >
              {shortenAddress(dagAddress, 8, 6)}
              <ExternalLink aria-hidden="true" />
            </a>
          </DropdownMenuItem>
        ) : (
          <p className="px-2 pb-2 text-xs text-slate-400">
            {addressLoading ? 'Loading address...' : 'No DAG address'}
          </p>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/dashboard">
            <LayoutDashboard aria-hidden="true" /> Dashboard
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <a
            href={profileUrl(publicConfig, user.username)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <XLogo /> View X Profile
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/settings">
            <Settings aria-hidden="true" /> Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={loggingOut}
          // Keep the menu open so 'Logging out...' stays visible until the page leaves.
          onSelect={(event) => {
            event.preventDefault();
            void onLogout();
          }}
          className="text-red-300 focus:text-red-200"
        >
          {loggingOut ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <LogOut aria-hidden="true" />
          )}
          {loggingOut ? 'Logging out...' : 'Log out'}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
