import { Info, KeyRound, RefreshCw, Send, ShieldCheck, XCircle } from 'lucide-react';
import { SectionCard } from '@/web/components/ui/section-card';

/** What sign-in must have granted for outside projects to post for the user. */
export const REQUIRED_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access'];

const POINTS = [
  {
    icon: ShieldCheck,
    text: 'Your X OAuth tokens are stored encrypted (AES-256-CBC) in a separate table, apart from your account.',
  },
  {
    icon: Send,
    text: 'External projects you allow can post on your behalf through the API, within their daily limit.',
  },
  {
    icon: RefreshCw,
    text: 'Tokens refresh automatically before they expire, so posting keeps working.',
  },
  { icon: XCircle, text: 'You can revoke the authorization at any time.' },
];

/** The 'How It Works' card and the four required scopes. */
export function HowItWorksCard() {
  return (
    <SectionCard title="How It Works" icon={Info}>
      <ul className="flex flex-col gap-3 text-sm text-slate-300">
        {POINTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3">
            <Icon className="mt-0.5 size-4 shrink-0 text-brand" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <div>
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-200">
          <KeyRound className="size-4 text-brand" aria-hidden="true" />
          Required scopes
        </h3>
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Required scopes">
          {REQUIRED_SCOPES.map((scope) => (
            <li
              key={scope}
              className="rounded-md border border-slate-700 bg-slate-950/60 px-2 py-1 font-mono text-xs text-slate-200"
            >
              {scope}
            </li>
          ))}
        </ul>
      </div>
    </SectionCard>
  );
}
