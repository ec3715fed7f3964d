import { Check, Copy } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/use-toast';
import { cn } from '@/web/lib/cn';
import { useCopyToClipboard } from '@/web/lib/use-copy-to-clipboard';

/** The contract address with a Copy button whose check mark shows for 1.5 s. */
export function ContractAddress({ address }: { address: string }) {
  const { copied, copy } = useCopyToClipboard();

  const onCopy = async () => {
    if (await copy(address)) {
      toast({ title: 'Copied', description: 'The $UP contract address is on your clipboard.' });
    } else {
      toast({
        variant: 'destructive',
        title: 'Could not copy',
        description: 'Your browser blocked the clipboard. Select the address and copy it by hand.',
      });
    }
  };

  return (
    <div className="flex items-center gap-2 rounded-lg border border-slate-700 bg-slate-950 p-2 pl-4">
      <code
        data-testid="contract-address"
        className="min-w-0 flex-1 truncate font-mono text-sm text-slate-100 sm:text-base"
        title={address}
      >
        {address}
      </code>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onCopy}
        aria-label={copied ? 'Contract address copied' : 'Copy contract address'}
        className={cn('w-24 shrink-0', copied && 'border-emerald-500/60 text-emerald-300')}
      >
        {copied ? (
          <Check className="size-4" aria-hidden="true" data-icon="check" />
        ) : (
          <Copy className="size-4" aria-hidden="true" data-icon="copy" />
        )}
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}
