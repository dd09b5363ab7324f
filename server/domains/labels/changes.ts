// Label changes for the team feed (docs/operators.md "Team feed"): every open console page shows a
// label made, renamed, recoloured or deleted over the API without a reload. Labels
// are project entities, not conversation events, so they do not go through the conversation bus.
import { EventEmitter } from 'node:events';

export interface LabelChange {
  project_id: string;
}

export const labelChanges = new EventEmitter<{ change: [LabelChange] }>();
labelChanges.setMaxListeners(0);
