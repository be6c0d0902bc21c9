import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;

/**
 * A request's logger that makes its pino child (with the request id) only when something is written.
 * Fastify makes a child for every request; with `redact` set that costs about as much as the rest of a
 * cached read's own work, and above `info` (where Fastify's per-request lines are off) most requests
 * never write a line.
 */
class DeferredChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  #write(level: Level, args: unknown[]) {
    if (!this.parent.isLevelEnabled(level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level() {
    return this.#child?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#real().level = level;
  }

  // Methods on the prototype, not closures per instance: one of these objects is made per request.
  fatal(...args: unknown[]) {
    this.#write('fatal', args);
  }
  error(...args: unknown[]) {
    this.#write('error', args);
  }
  warn(...args: unknown[]) {
    this.#write('warn', args);
  }
  info(...args: unknown[]) {
    this.#write('info', args);
  }
  debug(...args: unknown[]) {
    this.#write('debug', args);
  }
  trace(...args: unknown[]) {
    this.#write('trace', args);
  }
  silent() {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/**
 * Fastify's childLoggerFactory: the usual pino child when every request writes its lines anyway
 * (`info` and below), a deferred one otherwise.
 */
export const requestLoggerFactory: ChildLoggerFactory = function (logger, bindings, options) {
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  if (typeof parent.isLevelEnabled !== 'function' || parent.isLevelEnabled('info')) {
    return logger.child(bindings, options);
  }
  return new DeferredChildLogger(
    parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    bindings,
    options,
  );
};
