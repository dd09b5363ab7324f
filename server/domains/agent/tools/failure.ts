// A tool's failure whose message is meant for the model (agent/tools.ts `guarded`): other errors
// reach it only as "an unexpected error", so internals never end up in a reply.
export class ToolFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolFailure';
  }
}
