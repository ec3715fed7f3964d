import { Terminal } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { SectionCard } from '@/web/components/ui/section-card';
import { publicConfig } from '@/web/lib/public-config';

/** Points signed-in users at /console, where they talk to the agent without posting on X. */
export function ConsoleCard() {
  return (
    <SectionCard title="Web Console" icon={Terminal}>
      <p className="text-sm text-slate-300">
        Check balances, send tokens and more with the same commands you would post to @
        {publicConfig.agentHandle}, right from this site.
      </p>
      <Button asChild variant="outline" size="sm" className="mt-auto self-start">
        <Link href="/console">Open the web console</Link>
      </Button>
    </SectionCard>
  );
}
