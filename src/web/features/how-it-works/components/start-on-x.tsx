import { ArrowRight } from 'lucide-react';
import { exampleText, START_COMMAND } from '@/shared/how-it-works-examples';
import { postIntentUrl } from '@/shared/x-links';
import { Button } from '@/web/components/ui/button';
import { publicConfig } from '@/web/lib/public-config';

/** Call to action: opens a post asking the agent for your address, which creates your wallet. */
export function StartOnX() {
  const text = exampleText({ command: START_COMMAND }, publicConfig.agentHandle);
  return (
    <section
      aria-labelledby="start-on-x"
      className="relative overflow-hidden rounded-2xl border border-brand/30 bg-gradient-to-br from-cyan-950/80 via-slate-900 to-slate-950 p-8 text-center sm:p-12"
    >
      <h2 id="start-on-x" className="text-3xl font-bold tracking-tight text-slate-50">
        Ready? Your wallet is one post away.
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-300">
        Post <code className="font-mono text-cyan-200">{text}</code> and the agent replies with your
        new wallet address. No sign-up, no seed phrase.
      </p>
      <Button asChild size="lg" className="mt-6">
        <a href={postIntentUrl(publicConfig, text)} target="_blank" rel="noopener noreferrer">
          Start on X
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </Button>
    </section>
  );
}
