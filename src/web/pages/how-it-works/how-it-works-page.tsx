import { EXAMPLE_GROUPS, HOW_IT_WORKS_EXAMPLES } from '@/shared/how-it-works-examples';
import { ExampleGroupSection } from '@/web/features/how-it-works/components/example-group-section';
import { HowItWorksSteps } from '@/web/features/how-it-works/components/how-it-works-steps';
import { StartOnX } from '@/web/features/how-it-works/components/start-on-x';
import { publicConfig } from '@/web/lib/public-config';

/** /how-it-works: the guide to talking to the agent, with copyable and postable examples. */
export default function HowItWorksPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-16 px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand">Guide</p>
        <h1 className="mt-2 text-4xl font-bold tracking-tight text-slate-50 sm:text-5xl">
          How it works
        </h1>
        <p className="mt-4 text-lg text-slate-300">
          {publicConfig.productName} gives everyone on X a wallet from their handle alone: no setup
          and no seed phrase. Post a command to @{publicConfig.agentHandle} and the agent does the
          rest. It holds $UP, $DAG and $DOR on Constellation; $UP also lives on Base.
        </p>
        <nav aria-label="Command groups" className="mt-6 flex flex-wrap gap-2">
          {EXAMPLE_GROUPS.map((group) => (
            <a
              key={group.id}
              href={`#${group.id}`}
              className="rounded-full border border-slate-700 px-3 py-1 text-sm text-slate-300 transition-colors hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
            >
              {group.title}
            </a>
          ))}
        </nav>
      </header>

      <HowItWorksSteps />

      {EXAMPLE_GROUPS.map((group) => (
        <ExampleGroupSection
          key={group.id}
          group={group}
          examples={HOW_IT_WORKS_EXAMPLES.filter((e) => e.group === group.id)}
        />
      ))}

      <StartOnX />
    </div>
  );
}
