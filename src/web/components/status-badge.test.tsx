import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from '@/components/status-badge';

function renderBadge(status: string) {
  render(<StatusBadge status={status} />);
  return screen.getByTestId('status-badge');
}

describe('StatusBadge', () => {
  it.each([
    ['active', 'Active'],
    ['running', 'Running'],
    ['available', 'Available'],
  ])('shows %s as %s in the default style with a pulsing dot', (status, label) => {
    const badge = renderBadge(status);
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveAttribute('data-variant', 'default');
    expect(screen.getByTestId('status-pulse')).toBeInTheDocument();
  });

  it.each([
    ['provisioning', 'Provisioning', 'secondary'],
    ['stopped', 'Stopped', 'destructive'],
    ['inactive', 'Inactive', 'secondary'],
    ['deprecated', 'Deprecated', 'outline'],
  ])('shows %s as %s in the %s style without a pulsing dot', (status, label, variant) => {
    const badge = renderBadge(status);
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveAttribute('data-variant', variant);
    expect(screen.queryByTestId('status-pulse')).not.toBeInTheDocument();
  });

  it.each([
    ['ACTIVE', 'Active', 'default'],
    ['Running', 'Running', 'default'],
    ['AvAiLaBlE', 'Available', 'default'],
    ['PROVISIONING', 'Provisioning', 'secondary'],
    ['Stopped', 'Stopped', 'destructive'],
    ['INACTIVE', 'Inactive', 'secondary'],
    ['Deprecated', 'Deprecated', 'outline'],
  ])('matches %s case-insensitively', (status, label, variant) => {
    const badge = renderBadge(status);
    expect(badge).toHaveTextContent(label);
    expect(badge).toHaveAttribute('data-variant', variant);
  });

  it('shows an unknown status as its raw text in the outline style', () => {
    const badge = renderBadge('Degraded-Mode');
    expect(badge).toHaveTextContent(/^Degraded-Mode$/);
    expect(badge).toHaveAttribute('data-variant', 'outline');
    expect(screen.queryByTestId('status-pulse')).not.toBeInTheDocument();
  });
});
