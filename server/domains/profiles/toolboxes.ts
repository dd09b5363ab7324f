// The toolbox catalogue as the API lists it (GET /toolboxes, docs/behaviour.md "Toolboxes and web
// tools"): service-provided, the same for every project; an action the server cannot offer
// (search_web without WEB_SEARCH_URL) is listed as unavailable rather than hidden, so the console can
// say why it does nothing.
import type { Config } from '../../config.js';
import { ACTION_DESCRIPTIONS, TOOLBOX_IDS, TOOLBOXES, type Toolbox } from '../../../shared/schemas/toolboxes.js';

export function toolboxCatalogue(config: Pick<Config, 'webSearchUrl'>): Toolbox[] {
  return TOOLBOX_IDS.map((id) => ({
    id,
    name: TOOLBOXES[id].name,
    description: TOOLBOXES[id].description,
    actions: TOOLBOXES[id].actions.map((name) => ({ name, description: ACTION_DESCRIPTIONS[name], available: name !== 'search_web' || !!config.webSearchUrl })),
  }));
}
