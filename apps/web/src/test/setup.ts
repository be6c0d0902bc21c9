import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no layout, so it leaves out scrolling; the app's scroll calls only need to exist.
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  // The session token lives in localStorage; a test must never inherit the previous test's sign-in.
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
