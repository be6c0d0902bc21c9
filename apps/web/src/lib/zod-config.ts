import { z } from 'zod';

// The CSP forbids eval ('unsafe-eval' is not in script-src). Without jitless, zod probes `new Function`
// when it builds an object schema, to decide whether to compile fast parsers; the probe's throw is
// caught, but Chromium still reports a securitypolicyviolation on every page load. The build puts this
// module in zod's own chunk (vite.config.ts), so it runs before any other chunk builds a schema.
z.config({ jitless: true });
