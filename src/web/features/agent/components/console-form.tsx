import { useState } from 'react';
import { Button } from '@/web/components/ui/button';

/**
 * One command at a time. The message id is made when the user submits and kept until the
 * server answers, so pressing Send again after a network error retries the SAME message.
 */
export function ConsoleForm({
  onSend,
  busy,
}: {
  onSend: (m: { id: string; text: string }) => Promise<unknown>;
  busy: boolean;
}) {
  const [text, setText] = useState('');
  const [pending, setPending] = useState<{ id: string; text: string } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return;
    const message =
      pending?.text === trimmed ? pending : { id: crypto.randomUUID(), text: trimmed };
    setPending(message);
    setError(null);
    try {
      await onSend(message);
      setPending(null);
      setText('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The agent did not answer');
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor="console-input" className="text-sm text-slate-300">
        Command
      </label>
      <div className="flex gap-2">
        <input
          id="console-input"
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={280}
          autoComplete="off"
          placeholder="send 10 UP to @bob"
          className="h-10 flex-1 rounded-md border border-slate-700 bg-slate-950 px-3 text-slate-100 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand"
        />
        <Button type="submit" disabled={busy || !text.trim()}>
          {busy ? 'Sending…' : 'Send'}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-400">
          {error}
        </p>
      )}
    </form>
  );
}
