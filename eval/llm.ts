// `npm run eval -- --llm` (docs/eval.md "With your own model"): the same sets through the
// OpenAI-compatible endpoint the server would use, read from the same variables as the server
// (OPENAI_*, and EMBEDDINGS_* for the vector half of retrieval; server/config.ts), so a site owner
// sees what a local model server buys them, scored by citations exactly as the offline run.
import { ConfigError, loadConfig, type Config } from '../server/config.js';

export interface Answerer {
  /** What the eval's app is built with: the model and embeddings, or nothing (the offline answerer). */
  overrides: Partial<Pick<Config, 'llm' | 'embeddings'>>;
  /** The report's first line: which answerer, model and endpoints. */
  header: string;
  /** Appended to the headline: `answerer=llm` (nothing offline, whose headline keeps its format). */
  headlineSuffix: string;
  /** Fails fast, before minutes of crawling, when the endpoint cannot be reached at all. */
  check(): Promise<void>;
}

export class AnswererError extends Error {}

const OFFLINE: Answerer = {
  overrides: {},
  header: 'answerer: offline (the default answerer; no model, no network)',
  headlineSuffix: '',
  check: async () => {},
};

/**
 * The answerer `argv` asks for. `--llm` reads only the OPENAI_* and EMBEDDINGS_* variables of `env`
 * through the server's own parsing (same defaults and checks), and throws a one-line AnswererError
 * when OPENAI_BASE_URL is unset or a value is invalid: never a silent offline run.
 */
export function answererFrom(argv: string[], env: NodeJS.ProcessEnv): Answerer {
  if (!argv.includes('--llm')) return OFFLINE;
  if (!env.OPENAI_BASE_URL?.trim()) {
    throw new AnswererError('--llm needs OPENAI_BASE_URL (an OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1 for Ollama); see docs/knowledge.md "A model on your own machine"');
  }
  const only = Object.fromEntries(Object.entries(env).filter(([name]) => /^(OPENAI|EMBEDDINGS)_/.test(name)));
  let config: Config;
  try {
    config = loadConfig({ ...only, DATA_DIR: '.', PORT: '0' });
  } catch (err) {
    if (err instanceof ConfigError) throw new AnswererError(`--llm: ${err.message}`);
    throw err;
  }
  const llm = config.llm!;
  const embeddings = config.embeddings;
  return {
    overrides: { llm, embeddings },
    // Base URLs as the config keeps them (origin and path: no user or password); never the keys.
    header:
      `answerer: llm model=${llm.model} endpoint=${llm.baseUrl} timeout_ms=${llm.timeoutMs} ` +
      `embeddings=${embeddings ? `${embeddings.model}@${embeddings.baseUrl}` : 'local'}`,
    headlineSuffix: ' answerer=llm',
    async check() {
      for (const [name, base] of [['OPENAI_BASE_URL', llm.baseUrl], ...(embeddings ? [['EMBEDDINGS_BASE_URL', embeddings.baseUrl]] : [])] as const) {
        try {
          // Any HTTP answer will do (not every server lists its models): only an unreachable host fails.
          await fetch(`${base}/models`, { signal: AbortSignal.timeout(10_000) });
        } catch (err) {
          const cause = (err as { cause?: { code?: string; message?: string } }).cause;
          throw new AnswererError(`--llm: ${name}=${base} is unreachable (${cause?.code ?? cause?.message ?? (err as Error).message})`);
        }
      }
    },
  };
}
