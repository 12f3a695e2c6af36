// Ours with nothing reused: no cached answers and no kept item JSON, so every
// request computes its answer. What /api/filters costs when each write has just
// invalidated it (issue 19: "recomputed after every write"), beside the same
// server's cache hit. The same app as dist/server.js, from source through tsx.
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';

const app = await buildApp(loadConfig(), { storefrontCachedResponses: 0 });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = () => void app.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
