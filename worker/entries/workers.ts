/**
 * The site on Cloudflare Workers (wrangler.toml's `main`, through worker/index.ts): the
 * app for requests, and the leads queue's consumer for its batches.
 */
import { createApp } from '../app';
import type { LeadMessage } from '../seams/lead-message';
import { consumeLeads } from '../platform/workers/lead-consumer';
import { workersPlatform, type WorkersEnv } from '../platform/workers/platform';

const app = createApp(workersPlatform);

export default {
  fetch: (request, env, ctx) => app.fetch(request, env, ctx),
  queue: consumeLeads,
} satisfies ExportedHandler<WorkersEnv, LeadMessage>;
