// One error line per form or panel. Every console action clears it, runs one API call and, when the
// call fails, shows the server's message (docs/api.md errors carry a sentence meant for people).
import { useState } from 'preact/hooks';
import { errorText } from '../models/api.js';

export interface ErrorLine {
  error: string;
  setError(text: string): void;
  /** A rejection handler that shows the failure: `promise.catch(showError)`. */
  showError(err: unknown): void;
  /** Clears the line, runs `fn` and shows its failure; resolves to its value, or undefined when it failed. */
  guard<T>(fn: () => Promise<T>): Promise<T | undefined>;
}

export function useErrorLine(): ErrorLine {
  const [error, setError] = useState('');
  const showError = (err: unknown) => setError(errorText(err));
  async function guard<T>(fn: () => Promise<T>): Promise<T | undefined> {
    setError('');
    try {
      return await fn();
    } catch (err) {
      showError(err);
      return undefined;
    }
  }
  return { error, setError, showError, guard };
}
