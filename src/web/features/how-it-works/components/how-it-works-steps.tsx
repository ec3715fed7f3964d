import { AtSign, type LucideIcon, Reply, ShieldCheck } from 'lucide-react';
import { publicConfig } from '@/web/lib/public-config';

const STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: AtSign,
    title: `Mention @${publicConfig.agentHandle}`,
    body: 'Write a post that starts with the agent’s handle, followed by a command from this page.',
  },
  {
    icon: ShieldCheck,
    title: 'Only your own posts count',
    body: 'The agent acts on a post only for its author, from the wallet keyed to your X account. Nobody can spend from your wallet by mentioning you.',
  },
  {
    icon: Reply,
    title: 'Get the answer as a reply',
    body: 'The agent replies on X with your address, balances, a transaction link or your evidence certificate.',
  },
];

/** The three-step explanation at the top of the guide. */
export function HowItWorksSteps() {
  return (
    <section aria-labelledby="getting-started">
      <h2 id="getting-started" className="sr-only">
        Getting started
      </h2>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map(({ icon: Icon, title, body }, index) => (
          <li key={title} className="rounded-xl border border-slate-800 bg-slate-900/40 p-5">
            <div className="flex items-center gap-3">
              <span className="grid size-8 place-items-center rounded-full bg-brand text-sm font-bold text-slate-950">
                {index + 1}
              </span>
              <Icon aria-hidden="true" className="size-5 text-brand" />
            </div>
            <h3 className="mt-3 font-semibold text-slate-50">{title}</h3>
            <p className="mt-1 text-sm text-slate-400">{body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
