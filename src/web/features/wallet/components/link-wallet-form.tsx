import { Link2, Loader2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { isValidDagAddress } from '@/shared/dag-address';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/use-toast';
import { useAuth } from '@/web/features/auth/auth-context';

export const INVALID_ADDRESS_TEXT =
  'Enter a valid DAG address: "DAG", a check digit and 36 more characters.';

/**
 * Links the user's own DAG wallet (POST /api/auth/link-wallet through the auth context, which
 * refetches the user). The address and its check digit are checked here first, and again by
 * the server; a refusal shows the server's text, else 'Failed to link wallet'.
 */
export function LinkWalletForm({ hasLinkedWallet }: { hasLinkedWallet: boolean }) {
  const { linkWallet } = useAuth();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const walletAddress = address.trim();
    if (!isValidDagAddress(walletAddress)) {
      setError(INVALID_ADDRESS_TEXT);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await linkWallet({ walletAddress });
      setAddress('');
      toast({ title: 'Wallet linked', description: walletAddress });
    } catch (err) {
      setError((err as Error).message || 'Failed to link wallet');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-200">
        {hasLinkedWallet ? 'Link a different DAG wallet address' : 'DAG wallet address'}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={inputId}
          name="walletAddress"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="DAG..."
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="h-10 w-full min-w-0 rounded-md border border-slate-600 bg-slate-950 px-3 font-mono text-sm text-slate-100 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand aria-[invalid=true]:border-red-500 sm:flex-1"
        />
        <Button type="submit" disabled={busy || address.trim() === ''}>
          {busy ? (
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          ) : (
            <Link2 className="size-4" aria-hidden="true" />
          )}
          {busy ? 'Linking...' : 'Link wallet'}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-300">
          {error}
        </p>
      )}
    </form>
  );
}
