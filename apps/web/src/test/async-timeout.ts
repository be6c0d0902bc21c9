/**
 * How long a test's wait on state (findBy*, waitFor) may take before it fails: a whole-app render loads
 * lazy routes on first use, and on a shared 2-core machine running the API suites beside it that took past
 * testing-library's 1 s default (the hub's product dialog and the registration upload failed CI on
 * 2026-11-24). 10 s is room for a loaded machine; a test that is really broken still fails, only later.
 */
export const ASYNC_UTIL_TIMEOUT_MS = 10_000;
