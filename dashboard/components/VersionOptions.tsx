// The `<option>`s of a build-version select (Deployments page: repoint, new alias, compare).
export function VersionOptions({ versions }: { versions: readonly number[] }) {
  return (
    <>
      {versions.map((v) => (
        <option key={v} value={v}>
          v{v}
        </option>
      ))}
    </>
  );
}
