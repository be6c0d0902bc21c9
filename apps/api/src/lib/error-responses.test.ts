import { describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@aduro/shared/errors';
import { errorResponses } from './error-responses.ts';

describe('errorResponses', () => {
  it('declares exactly the statuses named, each as the one ErrorResponse contract', () => {
    const declared = errorResponses(400, 401, 409);
    expect(Object.keys(declared)).toEqual(['400', '401', '409']);
    for (const schema of Object.values(declared)) expect(schema).toBe(errorResponseSchema);
  });
});
