// Manual snippets of one provider (spec 2.11): written in the console, indexed as soon as saved.
import { signal } from '@preact/signals';
import { api, withQuery } from './api.js';
import { knowledgePaths as kp, type Page, type Snippet } from './knowledge-api.js';

export const snippets = signal<Snippet[] | null>(null);

export interface SnippetInput {
  title: string;
  question: string | null;
  /** Other phrasings of `question`, each indexed and answered like it. */
  alternative_questions: string[];
  content: string;
  url: string | null;
}

export async function loadSnippets(projectId: string, providerId: string): Promise<void> {
  const all: Snippet[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await api<Page<Snippet>>('GET', withQuery(kp.snippets(projectId), { data_provider_id: providerId, limit: 100, starting_after: after }));
    all.push(...page.data);
    if (!page.has_more || !page.data.length) break;
    after = page.data[page.data.length - 1].id;
  }
  snippets.value = all;
}

export async function saveSnippet(projectId: string, providerId: string, id: string | null, input: SnippetInput): Promise<Snippet> {
  const saved = id ? await api<Snippet>('PATCH', kp.snippet(projectId, id), input) : await api<Snippet>('POST', kp.providerSnippets(projectId, providerId), input);
  const list = snippets.peek() ?? [];
  snippets.value = id ? list.map((s) => (s.id === id ? saved : s)) : [...list, saved];
  return saved;
}

export async function deleteSnippet(projectId: string, id: string): Promise<void> {
  await api('DELETE', kp.snippet(projectId, id));
  snippets.value = (snippets.peek() ?? []).filter((s) => s.id !== id);
}
