/**
 * Runs the Slack stand-in (slack-stand-in.ts) as its own process for the browser tests, which
 * drive it through its /_control endpoints: `node --import tsx slack-stand-in-cli.ts` with
 * SLACK_STAND_IN_PORT (default 4610). Stops on SIGINT/SIGTERM.
 */
import { startSlackStandIn } from './slack-stand-in.js';

const standIn = await startSlackStandIn({ port: Number(process.env.SLACK_STAND_IN_PORT ?? 4610) });
process.stdout.write(`slack stand-in listening on ${standIn.url}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
