import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { ASYNC_UTIL_TIMEOUT_MS } from './async-timeout';

// findBy* and waitFor wait on state, never on time, with room for a loaded machine (async-timeout.ts).
// Vitest's own vi.waitFor keeps a 1 s default that nothing here can raise, so the web tests use
// testing-library's waitFor (eslint.config.js says so to the next test).
configure({ asyncUtilTimeout: ASYNC_UTIL_TIMEOUT_MS });

// jsdom has no layout, so it leaves out scrolling; the app's scroll calls only need to exist.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

// Radix's checkbox and switch size the hidden native input they add inside a form with a ResizeObserver,
// which jsdom lacks; with no layout there is nothing to observe.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => {
  cleanup();
  // The session token lives in localStorage; a test must never inherit the previous test's sign-in.
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
