import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const errorsFile = path.resolve(import.meta.dirname, '../../../test-results/e2e-server-errors.log');

/** Starts each run with no recorded server errors; the teardown it returns fails on any. */
export default function globalSetup() {
  rmSync(errorsFile, { force: true });
  return () => {
    if (existsSync(errorsFile)) {
      throw new Error(
        `The server logged errors during the browser journeys:\n${readFileSync(errorsFile, 'utf8')}`,
      );
    }
  };
}
