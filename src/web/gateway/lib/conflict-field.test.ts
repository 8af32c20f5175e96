import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { conflictFieldOf } from '@/gateway/lib/conflict-field';
import { regoProblemsOf } from '@/gateway/lib/rego-problems';

const conflict = (message: string) =>
  new ApiError(409, JSON.stringify({ message }), { message, code: 'CONFLICT' });
const fields = { capability: 'capabilityId', other: 'path' } as const;

describe('conflictFieldOf', () => {
  it('puts a 409 on the field it names', () => {
    expect(conflictFieldOf(conflict('Tenant tenant-001 does not subscribe to api-009 in UAT'), fields)).toBe(
      'capabilityId',
    );
    expect(conflictFieldOf(conflict('An active route already serves GET /orders'), fields)).toBe('path');
    expect(conflictFieldOf(conflict('The UAT environment is disabled for tenant tenant-001'), fields)).toBe(
      undefined,
    );
  });
});

describe('regoProblemsOf', () => {
  it("reads the policyContent issues' lines and columns, from the fields or the message", () => {
    const body = {
      message: 'Invalid',
      code: 'VALIDATION_FAILED' as const,
      issues: [
        {
          path: 'body.policyContent',
          message: 'Line 3, column 5: rego_parse_error: unexpected ( token',
          line: 3,
          column: 5,
        },
        { path: 'body.policyContent', message: 'Line 7, column 2: rego_parse_error: unexpected } token' },
        { path: 'body.policyContent', message: 'Line 9: an older server says no column' },
        { path: 'body.name', message: 'Name is required' },
      ],
    };
    expect(regoProblemsOf(new ApiError(400, 'Invalid', body))).toEqual([
      { line: 3, column: 5, message: 'rego_parse_error: unexpected ( token' },
      { line: 7, column: 2, message: 'rego_parse_error: unexpected } token' },
      { line: 9, column: 1, message: 'an older server says no column' },
    ]);
    expect(regoProblemsOf(new Error('network'))).toEqual([]);
  });
});
