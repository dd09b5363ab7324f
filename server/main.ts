// Entry point: config → store → app → listen (held at 503) → demo seed → ready; graceful shutdown
// on SIGTERM/SIGINT. Failures a person can fix end in one line that says what to do, not a stack.
import { loadConfig, ConfigError, type Config } from './config.js';
import { buildApp } from './app.js';
import { StoreCorruptError, StoreUnavailableError } from './store/index.js';
import { seedDemo } from './demo/seed.js';
import { appUrls } from './domains/widget/urls.js';
import { holdUntilReady } from './domains/health/readiness.js';
import { loggingFor } from './http/logging.js';
import { listenFailure } from './listen-failure.js';
import { serveBackups } from './backup/backup-socket.js';
import { warmLanguages } from './domains/knowledge/analysis/warm.js';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Invalid configuration: ${err.message}`);
      process.exit(2);
    }
    throw err;
  }

  let app;
  try {
    app = await buildApp(config, { logging: loggingFor(process.stdout.isTTY) });
  } catch (err) {
    if (err instanceof StoreCorruptError) {
      console.error(`${err.message}\nParley will not start over unreadable data. Restore these files from a backup or move them away.`);
      process.exit(3);
    }
    if (err instanceof StoreUnavailableError) {
      console.error(`${err.message}\nCheck DATABASE_URL and that the database server is running.`);
      process.exit(3);
    }
    throw err;
  }
  // `npm run parley -- backup` while this runs asks this process, which holds the store, for the
  // snapshot (README "Data and backups"). PostgreSQL is backed up with its own tools instead.
  if (!config.databaseUrl) {
    const backups = await serveBackups(config.dataDir, app.ctx.store, app.log);
    app.addHook('onClose', () => backups.close());
  }
  // Every request is a 503 until seeding is done, so /healthz "ok" means usable (readiness.ts).
  const readiness = holdUntilReady(app);

  // Handlers before listening: a signal at any moment after this (seeding included) shuts down
  // cleanly and flushes pending writes.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close(); // flushes pending writes through the onClose hook
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  // Listen first, then seed: with PORT=0 the real port is known only now, and the demo stores links
  // (cited documentation pages) and allowed origins that must name it (spec 2.6: sources link).
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const line = listenFailure(err, config);
    if (!line) throw err;
    console.error(line);
    await app.close(); // releases the data directory
    process.exit(1);
  }
  const { baseUrl: base, chatUrl } = appUrls(app);
  // Dictionaries load beside the seed, before ready: no question waits for one (analysis/warm.ts).
  const languages = warmLanguages();

  if (config.seedDemo) {
    let seeded;
    try {
      seeded = await seedDemo(app.ctx, { baseUrl: base, chatUrl });
    } catch (err) {
      if (stopping) return; // a signal closed the store under the seed: the shutdown is the answer
      throw err;
    }
    const { created, credentials } = seeded;
    if (created && credentials) {
      console.log('\nDemo data created (shown once; also saved to DATA_DIR/demo-credentials.json):');
      console.log(`  team login   ${credentials.email} / ${credentials.password}`);
      console.log(`  API key      ${credentials.api_key}`);
      console.log(`  project id   ${credentials.project_id}`);
      console.log(`  frame id     ${credentials.frame_id}`);
    }
  }
  await languages;
  if (stopping) return;
  readiness.ready();

  const data = config.databaseUrl ? `documents in PostgreSQL, files in ${config.dataDir}` : `data in ${config.dataDir}`;
  console.log(`\nParley is running (${config.env} environment, ${data}).`);
  console.log(`  Demo page     ${base}/examples/`);
  console.log(`  Team console  ${base}/app (sign in with the team login)`);
  console.log(`  API docs      ${base}/v1/docs`);
  console.log(`  Health        ${base}/healthz\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
