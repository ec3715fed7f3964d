import { UserRound } from 'lucide-react';
import { formatLongDate, formatLongDateTime } from '@/shared/format';
import { SectionCard } from '@/web/components/ui/section-card';
import type { CurrentUser } from '@/web/features/auth/api/auth-api';

/** Dashboard card 5: X id, member since (long date), last login (with the time). */
export function AccountInfoCard({ user }: { user: CurrentUser }) {
  const rows: [string, string][] = [
    ['Twitter ID', user.twitterId],
    ['Member Since', formatLongDate(user.createdAt) ?? '-'],
    ['Last Login', formatLongDateTime(user.lastLoginAt) ?? '-'],
  ];
  return (
    <SectionCard title="Account Information" icon={UserRound}>
      <dl className="flex flex-col gap-3">
        {rows.map(([label, value]) => (
          <div
            key={label}
            className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4"
          >
            <dt className="text-sm text-slate-400">{label}</dt>
            <dd className="break-words font-medium text-slate-100 sm:text-right">{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
