// Admin CLI: `npm run parley -- <command> [--flags]`. Works on DATA_DIR while the server is stopped:
// the embedded store is single-process (docs: README "Data and backups"), so a running server holds
// the data directory and the CLI says so in one line instead of writing beside it. backup and restore
// work on DATA_DIR's files (backup-commands.ts); backup asks a running server for the snapshot. Errors are clear
// and exit non-zero; `help`, `--help` and `-h` print usage and exit 0.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openStore } from '../store/index.js';
import { createSecretBox, loadMasterKey } from '../lib/secret-box.js';
import { createConversationBus } from '../domains/conversations/events.js';
import { createLocalSignals } from '../cluster/signals.js';
import { createServices } from '../services.js';
import { AppError } from '../errors.js';
import { COMMANDS, isDataDirCommand, usage, type Values } from './commands.js';
import { dataDirHolder } from './data-dir-holder.js';

const HELP = new Set(['help', '--help', '-h']);

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || HELP.has(name)) {
    const topic = name === 'help' && rest[0] && COMMANDS[rest[0]] ? rest[0] : undefined;
    console.log(usage(topic));
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 2;
  }
  if (rest.some((a) => a === '--help' || a === '-h')) {
    console.log(usage(name));
    return 0;
  }
  let values: Values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: isDataDirCommand(command) }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage(name)}`);
    return 2;
  }
  const config = loadConfig();
  if (isDataDirCommand(command)) {
    await command.run(values, positionals, config, (line) => console.log(line));
    return 0;
  }
  let store;
  try {
    store = await openStore(config.dataDir, config.databaseUrl);
  } catch (err) {
    const pid = await dataDirHolder(config.dataDir);
    if (pid === null) throw err;
    console.error(
      `The data directory ${config.dataDir} is in use by process ${pid} (a running Parley server): stop the server first, then run this command again.`,
    );
    return 1;
  }
  try {
    const box = createSecretBox(await loadMasterKey(config.dataDir, config.masterKey));
    // One-shot commands serve no live channels, so in-process signals are enough even on PostgreSQL.
    const base = { config, store, box, signals: createLocalSignals(), bus: createConversationBus(), onClose: () => {} };
    const services = createServices(base);
    await command.run(values, { ...base, services }, (line) => console.log(line));
    return 0;
  } finally {
    await store.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof AppError) console.error(`Error (${err.code}): ${err.message}`);
    else console.error(`Error: ${(err as Error).message}`);
    process.exit(1);
  },
);
