import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';

/**
 * The key every per-client limit counts under: the client's address as the gateway sees it (the socket's,
 * or X-Forwarded-For's only through a trusted proxy), an IPv6 address by its /64 (one subscriber usually
 * holds a whole /64 and can rotate through it at will) and an IPv4-mapped IPv6 address as the IPv4 address.
 */
export const clientKey = (request: FastifyRequest): string => normalizeIP(request.ip);
