import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy*/waitFor wait on state, never on time: a whole-app render loads lazy routes on first use, and on a
// shared 2-core machine running the API suites beside it that took past testing-library's 1 s default (the
// hub's product dialog and the registration upload failed CI on 2026-11-24). 10 s is room for a loaded
// machine; a test that is really broken still fails, only later.
configure({ asyncUtilTimeout: 10_000 });

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
