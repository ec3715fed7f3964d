import { startAgentConnect } from '@/agent/account/connect.ts';
import { setPaused } from '@/agent/engine/paused.ts';
import { openDatabase } from '@/db/client.ts';
import { createXClient } from '@/integrations/x/index.ts';
import { loadConfigOrExit } from './config.ts';

/**
 * Operator commands: `npm run agent:connect` prints the link that connects the agent's X account
 * (open it signed in as the agent; it comes back to /api/agent/oauth/callback on the running
 * server); `npm run agent:pause` / `agent:resume` stop and restart every money movement.
 */
async function main() {
  const command = process.argv[2];
  const config = loadConfigOrExit();
  if (!config.databaseUrl) {
    console.warn(
      'Embedded database: only one process may open it. Stop `npm start` first, or use AGENT_PAUSED=true.',
    );
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'pause' || command === 'resume') {
      await setPaused(database.db, command === 'pause', process.env.USER ?? 'operator');
      console.info(command === 'pause' ? 'Agent paused: sends are refused.' : 'Agent resumed.');
      return;
    }
    if (command === 'connect') {
      if (config.sandbox) {
        console.info('Sandbox mode: npm start connects the agent to the local X by itself.');
        return;
      }
      const x = createXClient({
        ...config.x,
        redirectUri: `${config.publicUrl}/api/agent/oauth/callback`,
      });
      const url = await startAgentConnect({ db: database.db, x, now: () => new Date() });
      console.info(
        `Sign in to X as @${config.publicConfig.agentHandle}, then open this link within 15 minutes:\n\n  ${url}\n\n` +
          `(Register ${config.publicUrl}/api/agent/oauth/callback as a callback URL of the X app.)`,
      );
      return;
    }
    console.error('usage: agent cli <connect|pause|resume>');
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
