// How a cited source is named wherever people see it (widget and console): "Page › Section" when
// the citation is one section of a longer page (SourceRef.section), else the page. Plain code with a
// type-only import, so the widget bundles no schema validators with it.
import type { SourceRef } from './schemas/entities.js';

export const sourceLabel = (s: SourceRef): string => [s.title || s.url || s.source_id, s.section].filter(Boolean).join(' › ');
