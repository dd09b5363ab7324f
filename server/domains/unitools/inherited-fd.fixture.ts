// Run by sandbox-escape.test.ts as a child process that inherited descriptor 3 from its launcher
// (not close-on-exec, as a server started by a supervisor may): it runs one Unitool that lists the
// descriptors it holds and prints the outcome as JSON.
import { runInSandbox } from './sandbox.js';

const outcome = await runInSandbox({
  language: 'shell',
  // The glob's own directory descriptor is closed again by the time the loop runs: -e skips it.
  code: 'for f in /proc/$$/fd/*; do [ -e "$f" ] && echo "${f##*/} $(readlink "$f")"; done; true',
  input: {},
  env: {},
  timeoutMs: 5000,
  memoryMb: 128,
  cgroup: null,
});
process.stdout.write(JSON.stringify(outcome));
