// What `npm start` runs: compiles the server to plain JavaScript (serverBuild.mjs), then runs its
// start-up (server/start.ts: builds the browser app when it is stale, migrates, serves) in this process,
// so that node itself serves and a signal to this process reaches the server.
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildServer } from './serverBuild.mjs';

let outDir;
try {
  outDir = await buildServer();
} catch (error) {
  process.stderr.write(`npm start failed: the server did not compile: ${error.message}\n`);
  process.exit(1);
}
createRequire(import.meta.url)(path.join(outDir, 'server', 'start.js'));
