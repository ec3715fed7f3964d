import { ChartLine, Fingerprint, type LucideIcon, Megaphone, Wallet } from 'lucide-react';
import { COMING_SOON } from '@/shared/feature-availability';
import type {
  ExampleGroup,
  ExampleGroupId,
  HowItWorksExample,
} from '@/shared/how-it-works-examples';
import { ExampleCard } from './example-card';

const ICONS: Record<ExampleGroupId, LucideIcon> = {
  wallet: Wallet,
  analysis: ChartLine,
  evidence: Fingerprint,
  promotion: Megaphone,
};

/** A group of examples (e.g. Wallet Operations), split by topic (Check Balance, Send Tokens). */
export function ExampleGroupSection({
  group,
  examples,
}: {
  group: ExampleGroup;
  examples: readonly HowItWorksExample[];
}) {
  const Icon = ICONS[group.id];
  const topics = [...new Set(examples.map((e) => e.topic))];
  return (
    <section aria-labelledby={`group-${group.id}`} className="scroll-mt-24" id={group.id}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand/10 text-brand">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id={`group-${group.id}`} className="text-2xl font-semibold text-slate-50">
              {group.title}
              {!group.available && (
                <span className="ml-3 rounded-full border border-slate-600 px-2 py-0.5 align-middle text-xs font-normal text-slate-400">
                  {COMING_SOON}
                </span>
              )}
            </h2>
            <p className="mt-1 max-w-2xl text-slate-400">{group.summary}</p>
            {!group.available && (
              <p className="mt-1 max-w-2xl text-sm text-amber-300">
                Not available yet: the agent answers these commands that they are coming soon, and
                charges nothing.
              </p>
            )}
          </div>
        </div>
        <dl className="grid shrink-0 grid-cols-2 gap-2 text-xs sm:w-80">
          <div className="rounded-lg border border-slate-800 px-3 py-2">
            <dt className="text-slate-400">Free tier</dt>
            <dd className="font-medium text-slate-100">{group.cost.free}</dd>
          </div>
          <div className="rounded-lg border border-amber-500/30 bg-amber-500/5 px-3 py-2">
            <dt className="text-amber-300">Premium</dt>
            <dd className="font-medium text-slate-100">{group.cost.premium}</dd>
          </div>
        </dl>
      </div>
      {topics.map((topic) => (
        <div key={topic} className="mt-6">
          <h3 className="mb-3 text-sm font-semibold uppercase tracking-wide text-slate-300">
            {topic}
            {group.available &&
              examples.filter((e) => e.topic === topic).every((e) => e.available === false) && (
                <span className="ml-3 rounded-full border border-slate-600 px-2 py-0.5 align-middle text-xs font-normal normal-case text-slate-400">
                  {COMING_SOON}
                </span>
              )}
          </h3>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {examples
              .filter((e) => e.topic === topic)
              .map((example) => (
                <ExampleCard key={example.id} example={example} />
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
