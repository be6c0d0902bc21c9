import type { RouteOptions } from 'fastify';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A route that only reads: every method it answers is GET, HEAD or OPTIONS, none sends a body. */
export function readsOnly(route: Pick<RouteOptions, 'method'>): boolean {
  return ([] as string[]).concat(route.method).every((method) => READ_METHODS.has(method));
}
