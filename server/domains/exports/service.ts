// The exports service (spec 4.1, docs/api.md "Exports"): entity exports of a list with its filters
// (entity.ts) and the background full dataset export with its signed links (full-export.ts).
import type { AppContext, Services } from '../../context.js';
import { createEntityExports, type EntityExports } from './entity.js';
import { createFullExports, type FullExports } from './full-export.js';
import { createExportSchedules, type ExportSchedules } from './schedules.js';
import { sharedState } from '../../jobs/shared.js';

export interface ExportService {
  entity: EntityExports;
  full: FullExports;
  schedules: ExportSchedules;
}

/** `services` is read lazily: the exports read users, conversations, projects and mail, built beside them. */
export function createExportService(ctx: Omit<AppContext, 'services'>, services: () => Services): ExportService {
  const withServices = {
    store: ctx.store,
    config: ctx.config,
    onClose: ctx.onClose,
    get services() {
      return services();
    },
  };
  const entity = createEntityExports(withServices);
  const full = createFullExports(withServices, sharedState(ctx));
  return { entity, full, schedules: createExportSchedules(withServices, entity, full) };
}
