import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { PAID_ITEM_AVAILABLE } from '@/shared/feature-availability';
import { postIntentUrl } from '@/shared/x-links';
import { Button } from '@/web/components/ui/button';
import { XLogo } from '@/web/components/ui/x-logo';
import { publicConfig } from '@/web/lib/public-config';

/** Example posts for the hero's illustration: what talking to the agent looks like. */
const SAMPLE_COMMANDS = ["what's my address", 'send 100 $UP to @friend', 'fingerprint this'];

export function HeroSection() {
  const { agentHandle, productName } = publicConfig;
  const startText = `@${agentHandle} what's my address`;
  return (
    <section aria-labelledby="hero-title" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgba(34,211,238,0.18),transparent_60%)]"
      />
      <div className="[&>*]:min-w-0 mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:py-28">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand/30 bg-brand/10 px-3 py-1 text-sm text-cyan-200">
            $UP on Constellation and Base
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-white sm:text-5xl lg:text-6xl"
          >
            Your X handle is your wallet.
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-300">
            Post to @{agentHandle} and {productName} gives you a wallet tied to your handle: no app,
            no setup, no seed phrase. Send $UP and $DAG to anyone on X
            {PAID_ITEM_AVAILABLE.token_analysis ? ', get AI token analysis and ' : ' and '}
            save posts as digital evidence, all by posting.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <a
                href={postIntentUrl(publicConfig, startText)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <XLogo className="size-4" />
                Start on X<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link href="/how-it-works">
                How it works
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
        <figure className="rounded-2xl border border-slate-800 bg-slate-900/70 p-6 shadow-2xl shadow-cyan-950/40">
          <figcaption className="text-sm font-medium text-slate-400">
            Everything is a post to @{agentHandle}
          </figcaption>
          <ul className="mt-4 space-y-3">
            {SAMPLE_COMMANDS.map((command) => (
              <li
                key={command}
                className="flex items-start gap-3 rounded-xl border border-slate-800 bg-slate-950/80 p-4"
              >
                <XLogo className="mt-1 size-4 shrink-0 text-slate-400" />
                <p className="font-mono text-sm text-slate-200">
                  <span className="text-brand">@{agentHandle}</span> {command}
                </p>
              </li>
            ))}
          </ul>
        </figure>
      </div>
    </section>
  );
}
