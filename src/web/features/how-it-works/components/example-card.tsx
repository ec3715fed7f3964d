import { ExternalLink } from 'lucide-react';
import { exampleText, type HowItWorksExample } from '@/shared/how-it-works-examples';
import { postIntentUrl } from '@/shared/x-links';
import { CopyButton } from '@/web/components/copy-button';
import { Button } from '@/web/components/ui/button';
import { publicConfig } from '@/web/lib/public-config';

/** One example post: the exact text, a copy button and a link that opens it as a post on X. */
export function ExampleCard({ example }: { example: HowItWorksExample }) {
  const text = exampleText(example, publicConfig.agentHandle);
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4 transition-colors hover:border-slate-700">
      <h4 className="font-medium text-slate-100">{example.title}</h4>
      <div className="flex items-start gap-2 rounded-lg border border-slate-800 bg-slate-950 p-3">
        <code className="min-w-0 flex-1 wrap-anywhere font-mono text-sm text-cyan-200">{text}</code>
        <CopyButton text={text} label={`Copy: ${text}`} size="icon" className="shrink-0" />
      </div>
      <p className="text-sm text-slate-400">{example.hint}</p>
      <Button asChild variant="outline" size="sm" className="mt-auto self-start">
        <a href={postIntentUrl(publicConfig, text)} target="_blank" rel="noopener noreferrer">
          Post on X<span className="sr-only">: {text}</span>
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      </Button>
    </li>
  );
}
