// The signed-in team member (docs/api.md "Two kinds of caller"): sign in, restore after a reload
// (GET /v1/org/me gives the CSRF token again), sign out.
import { computed, signal } from '@preact/signals';
import type { Static } from 'typebox';
import type { Organization } from '../../shared/schemas/entities.js';
import type { SessionOut as SessionOutSchema } from '../../shared/schemas/api.js';
import { api, sessionLost, setCsrfToken } from './api.js';
import { endpoints } from './endpoints.js';

type SessionOut = Static<typeof SessionOutSchema>;
export type SessionMember = SessionOut['member'];

export type SessionState = { status: 'loading' } | { status: 'signed_out' } | { status: 'signed_in'; member: SessionMember; organization: Organization };

export const session = signal<SessionState>({ status: 'loading' });
export const currentMember = computed(() => (session.value.status === 'signed_in' ? session.value.member : null));

function accept(out: SessionOut) {
  setCsrfToken(out.csrf_token);
  sessionLost.value = false;
  session.value = { status: 'signed_in', member: out.member, organization: out.organization };
}

export async function restoreSession(): Promise<void> {
  try {
    accept(await api<SessionOut>('GET', endpoints.me));
  } catch {
    session.value = { status: 'signed_out' };
  }
}

export async function signIn(email: string, password: string): Promise<void> {
  accept(await api<SessionOut>('POST', endpoints.login, { email, password }));
}

export async function signOut(): Promise<void> {
  try {
    await api('POST', endpoints.logout);
  } finally {
    setCsrfToken('');
    session.value = { status: 'signed_out' };
  }
}

/** A 401 from any call means the session is gone: show the sign-in page. */
sessionLost.subscribe((lost) => {
  if (lost && session.peek().status === 'signed_in') session.value = { status: 'signed_out' };
});
