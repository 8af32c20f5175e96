import type { FastifyRequest } from 'fastify';

/** Secure cookies: always, never, or when the request came over TLS. */
export type SecureCookie = 'auto' | boolean;

/** The attributes of the cookies sign-in sets: host-wide, out of scripts' reach, Secure as configured. */
export function cookieOptions(request: FastifyRequest, secureCookie: SecureCookie) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookie === 'auto' ? request.protocol === 'https' : secureCookie,
  };
}
