// Shown when the server says it cannot run Unitools (503 `sandbox_unavailable`, or a run whose sandbox
// could not start): what is wrong in the server's words, and what the person running the server does
// about it (docs/behaviour.md "The sandbox"). Tools can still be written and saved meanwhile.
export function SandboxNotice({ problem }: { problem: string }) {
  if (!problem) return null;
  return (
    <div class="sandbox-notice" role="alert">
      <p>
        <strong>Unitools cannot run on this server.</strong> {problem}
      </p>
      <p>
        Whoever runs the server installs the sandbox: on Debian or Ubuntu <code>apt-get install bubblewrap util-linux python3</code> (or the
        project's <code>scripts/system-deps.sh</code> as root), with unprivileged user namespaces allowed by the kernel. Then run the test
        again; no restart is needed.
      </p>
    </div>
  );
}
