import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors.ts';

/**
 * Serves the built web app at / with history fallback: any GET outside /api that is not a file gets
 * index.html, so deep links like /customer/orders load the app. Unknown /api paths answer JSON 404.
 */
export default fp(
  async function web(app: FastifyInstance, opts: { distDir: string }) {
    const hasBuild = existsSync(path.join(opts.distDir, 'index.html'));
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        // One route per built file, found at start; everything else falls to the history fallback below.
        wildcard: false,
        index: false,
        // The build's .br and .gz copies answer for their file when the browser accepts them; they get
        // no routes of their own.
        preCompressed: true,
        globIgnore: ['**/*.br', '**/*.gz'],
        // Hashed assets never change. Everything else is revalidated: index.html, and the service worker
        // (sw.js, workbox-*.js) and manifest.webmanifest, so a new version of the app is found at once.
        setHeaders: (reply, filePath) => {
          reply.header(
            'cache-control',
            filePath.includes(`${path.sep}assets${path.sep}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, 'web app is not built; run `npm run build` to serve it at /');
    }

    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url === '/api' || url.startsWith('/api/')) {
        throw notFound('NOT_FOUND', `No API route matches ${request.method} ${url}`);
      }
      if ((request.method === 'GET' || request.method === 'HEAD') && hasBuild) {
        // A path with a file extension that was not found is a missing asset, not an app route.
        if (path.extname(url) && !url.endsWith('.html')) throw notFound('NOT_FOUND', 'File not found');
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      throw notFound('NOT_FOUND', hasBuild ? 'Not found' : 'The web app is not built. Run `npm run build`.');
    });
  },
  { name: 'web' },
);
