// Who performs an operator action: the signed-in team member (name and avatar shown to the visitor),
// or, with an API key, the name the caller gives (default: the key's name).
import type { FastifyRequest } from 'fastify';
import type { Actor } from './service.js';

export function actorOf(request: FastifyRequest, authorName?: string): Actor {
  const member = request.team?.member;
  if (member) return { member_id: member.id, name: member.name, ...(member.avatar_url ? { avatar_url: member.avatar_url } : {}) };
  return { member_id: null, name: authorName ?? request.apiKey?.name ?? 'Support team' };
}
