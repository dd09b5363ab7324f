// The chat's Markdown renderer lives in shared/ so the console renders AI messages exactly as the widget does.
export * from '../../shared/markdown.js';
