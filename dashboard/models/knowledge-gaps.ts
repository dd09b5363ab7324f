// Knowledge gaps of the open project (docs/knowledge.md "Knowledge gaps"): the groups of visitor
// questions the AI could not answer confidently, answering one with a snippet, dismissing one, and
// saving an operator's reply to one visitor question as a snippet (the conversation view).
import { signal } from '@preact/signals';
import { api, withQuery } from './api.js';
import type { Gap } from '../../server/domains/knowledge/gaps/schemas.js';
import type { Snippet } from './knowledge-api.js';

export type { Gap };

const p = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}`;
export const gapPaths = {
  list: (projectId: string) => `${p(projectId)}/knowledge/gaps`,
  snippet: (projectId: string, gapId: string) => `${p(projectId)}/knowledge/gaps/${encodeURIComponent(gapId)}/snippet`,
  dismiss: (projectId: string, gapId: string) => `${p(projectId)}/knowledge/gaps/${encodeURIComponent(gapId)}/dismiss`,
  question: (projectId: string, conversationId: string, messageId: string) =>
    `${p(projectId)}/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/snippet`,
};

export interface AnswerInput {
  question: string;
  content: string;
}

/** The open groups, the most asked first; null while loading. */
export const gaps = signal<Gap[] | null>(null);
export const gapDays = signal(30);
let currentProject = '';

export async function loadGaps(projectId: string): Promise<void> {
  if (projectId !== currentProject) {
    currentProject = projectId;
    gaps.value = null;
  }
  const all: Gap[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await api<{ data: Gap[]; has_more: boolean }>('GET', withQuery(gapPaths.list(projectId), { days: gapDays.peek(), limit: 100, starting_after: after }));
    all.push(...page.data);
    if (!page.has_more || !page.data.length) break;
    after = page.data[page.data.length - 1]!.id;
  }
  gaps.value = all;
}

const drop = (gapId: string) => {
  gaps.value = (gaps.peek() ?? []).filter((g) => g.id !== gapId);
};

/** Writes the answer as a snippet: the group's phrasings become its alternative questions; the group leaves the list. */
export async function answerGap(projectId: string, gapId: string, input: AnswerInput): Promise<Snippet> {
  const snippet = await api<Snippet>('POST', gapPaths.snippet(projectId, gapId), { question: input.question.trim(), content: input.content });
  drop(gapId);
  return snippet;
}

export async function dismissGap(projectId: string, gapId: string): Promise<void> {
  await api('POST', gapPaths.dismiss(projectId, gapId));
  drop(gapId);
}

/** Save as snippet in a conversation: the visitor's question (message id) answered by the operator's reply. */
export function saveQuestionSnippet(projectId: string, conversationId: string, messageId: string, input: AnswerInput): Promise<Snippet> {
  return api<Snippet>('POST', gapPaths.question(projectId, conversationId, messageId), { question: input.question.trim(), content: input.content });
}
