import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { asDirectError, requestFieldIssues } from '@/changes/request/api';
import { RequestChangeFields } from '@/changes/request/request-change-fields';
import {
  browserTimeZone,
  defaultRequestOptions,
  requestOptionsValid,
  toChangeRequestBody,
  type RequestOptions,
} from '@/changes/request/request-options';

const change = { kind: 'configuration.activate', versionId: 'ver-1' } as const;

/** The fields with their state, showing what they hold as the body they would send. */
function Harness({
  canBypass = false,
  scope = 'tenant',
  requiredApprovals = 1,
}: {
  canBypass?: boolean;
  scope?: 'tenant' | 'platform';
  requiredApprovals?: number;
}) {
  const [value, setValue] = useState<RequestOptions>(defaultRequestOptions);
  return (
    <>
      <RequestChangeFields
        value={value}
        onChange={setValue}
        environment="production"
        requiredApprovals={requiredApprovals}
        scope={scope}
        canBypass={canBypass}
      />
      <output data-testid="valid">{String(requestOptionsValid(value, canBypass))}</output>
      <output data-testid="body">{JSON.stringify(toChangeRequestBody(change, value, canBypass))}</output>
    </>
  );
}

const body = () => JSON.parse(screen.getByTestId('body').textContent ?? '{}') as Record<string, unknown>;
const valid = () => screen.getByTestId('valid').textContent === 'true';

describe('RequestChangeFields', () => {
  it('says why it requests, for a tenant and for the platform', () => {
    const { unmount } = render(<Harness />);
    expect(
      screen.getByText('Production changes of this tenant need 1 approval: this creates a change request.'),
    ).toBeInTheDocument();
    unmount();
    render(<Harness scope="platform" requiredApprovals={2} />);
    expect(
      screen.getByText('Platform Production changes need 2 approvals: this creates a change request.'),
    ).toBeInTheDocument();
  });

  it('sends the change alone by default, and a trimmed description when given', async () => {
    render(<Harness />);
    expect(body()).toEqual({ change });
    expect(valid()).toBe(true);
    await userEvent.type(screen.getByLabelText('Description (optional)'), '  For the launch  ');
    expect(body()).toEqual({ change, description: 'For the launch' });
  });

  it('schedules for later in the browser’s zone by default, with seconds allowed', async () => {
    render(<Harness />);
    expect(screen.queryByLabelText('Apply at')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule for later' }));
    const time = screen.getByLabelText('Apply at');
    expect(time).toHaveAttribute('type', 'datetime-local');
    expect(time).toHaveAttribute('step', '1');
    expect(screen.getByLabelText('Time zone')).toHaveValue(browserTimeZone());
    // A schedule needs its time.
    expect(valid()).toBe(false);
    // jsdom does not type into a datetime-local input: set its value as the picker would.
    fireEvent.change(time, { target: { value: '2030-01-02T09:30:15' } });
    expect(valid()).toBe(true);
    expect(body()).toEqual({
      change,
      schedule: { localTime: '2030-01-02T09:30:15', timeZone: browserTimeZone() },
    });
  });

  it('offers no bypass to others than global administrators', () => {
    render(<Harness />);
    expect(screen.queryByRole('checkbox', { name: 'Bypass approval' })).not.toBeInTheDocument();
  });

  it('lets a global administrator bypass with a required reason, and no schedule', async () => {
    render(<Harness canBypass />);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Schedule for later' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bypass approval' }));
    expect(screen.getByRole('note')).toHaveTextContent('This applies the change now, without approval');
    expect(screen.queryByLabelText('Apply at')).not.toBeInTheDocument();
    const reason = screen.getByLabelText('Reason');
    expect(reason).toBeRequired();
    expect(valid()).toBe(false);
    await userEvent.type(reason, 'Incident 4711');
    expect(valid()).toBe(true);
    expect(body()).toEqual({ change, bypassReason: 'Incident 4711' });
  });

  it('shows the server’s issues about its own fields', () => {
    render(
      <RequestChangeFields
        value={{ ...defaultRequestOptions(), scheduled: true, localTime: '2030-02-30T10:00' }}
        onChange={() => undefined}
        environment="production"
        requiredApprovals={1}
        scope="tenant"
        canBypass={false}
        errors={{ schedule: 'Must be a real date and time' }}
      />,
    );
    expect(screen.getByLabelText('Apply at')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be a real date and time');
  });
});

describe('request errors', () => {
  const error = new ApiError(400, 'Invalid', {
    message: 'Invalid',
    code: 'VALIDATION_FAILED',
    issues: [
      { path: 'body.change.body.configuration.rateLimit', message: 'Must be an integer' },
      { path: 'body.schedule.localTime', message: 'Must be a real date and time' },
      { path: 'body.bypassReason', message: 'A reason is required' },
    ],
  });

  it("maps the change's issues onto the direct endpoint's paths", () => {
    const direct = asDirectError(error) as ApiError;
    expect(direct.status).toBe(400);
    expect(direct.body?.issues?.map((issue) => issue.path)).toEqual([
      'body.configuration.rateLimit',
      'body.schedule.localTime',
      'body.bypassReason',
    ]);
  });

  it('keys the request fields’ own issues by field', () => {
    expect(requestFieldIssues(error)).toEqual({
      schedule: 'Must be a real date and time',
      bypassReason: 'A reason is required',
    });
  });
});
