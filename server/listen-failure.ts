// The one line printed when the server cannot take its address: which port, why, and what to do.
import type { Config } from './config.js';

/** A message for the listen errors a person can fix, or null for anything else (shown in full). */
export function listenFailure(err: unknown, config: Pick<Config, 'host' | 'port'>): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const where = `${config.host}:${config.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `Port ${config.port} is already in use (${where}): stop whatever is listening there, or start Parley with another PORT, e.g. PORT=${config.port + 1} npm start.`;
    case 'EACCES':
      return `Not allowed to listen on port ${config.port} (${where}): ports below 1024 need extra privileges; choose a PORT of 1024 or more.`;
    case 'EADDRNOTAVAIL':
      return `Cannot listen on ${where}: HOST ${config.host} is not an address of this machine; use 127.0.0.1 or 0.0.0.0.`;
    default:
      return null;
  }
}
