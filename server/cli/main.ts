// Admin CLI (issue 2): `npm run parley -- <command> [--flags]`. Works on DATA_DIR while the server is
// stopped (the data dir is locked by whoever has it open). Errors are clear and exit non-zero.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openStore } from '../store/index.js';
import { createSecretBox, loadMasterKey } from '../lib/secret-box.js';
import { createConversationBus } from '../domains/conversations/events.js';
import { createServices } from '../services.js';
import { AppError } from '../errors.js';
import { COMMANDS, usage } from './commands.js';

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(name ? `Unknown command "${name}".\n` : '');
    console.error(usage());
    return name ? 2 : 0;
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options: command.options, strict: true }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${usage(name)}`);
    return 2;
  }
  const config = loadConfig();
  const store = await openStore(config.dataDir);
  try {
    const box = createSecretBox(await loadMasterKey(config.dataDir, config.masterKey));
    const base = { config, store, box, bus: createConversationBus(), onClose: () => {} };
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
