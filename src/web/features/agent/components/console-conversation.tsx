import { Card, CardDescription, CardTitle } from '@/web/components/ui/card';
import { useConsoleHistory, useSendConsoleMessage } from '@/web/features/agent/api/agent-api';
import { ConsoleForm } from './console-form';
import { ConsoleThread } from './console-thread';

/** /console's card for a signed-in user: the history (oldest first) and the box to send from. */
export function ConsoleConversation() {
  const history = useConsoleHistory();
  const send = useSendConsoleMessage();
  const messages = [...(history.data?.messages ?? [])].reverse();
  return (
    <Card className="flex flex-col gap-6">
      <div>
        <CardTitle>Conversation</CardTitle>
        <CardDescription>Newest at the bottom.</CardDescription>
      </div>
      {history.isLoading ? (
        <p className="text-slate-400">Loading history…</p>
      ) : history.isError ? (
        <p className="text-red-400">Could not load your history.</p>
      ) : (
        <ConsoleThread messages={messages} />
      )}
      <ConsoleForm onSend={send.mutateAsync} busy={send.isPending} />
    </Card>
  );
}
