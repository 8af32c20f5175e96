import { render, screen } from '@testing-library/react';
import { Building2 } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { MetricCard } from '@/components/metric-card';

describe('MetricCard', () => {
  it('shows the title, the value and the description', () => {
    render(<MetricCard title="Total Tenants" value={42} icon={Building2} description="All tenants" />);
    expect(screen.getByText('Total Tenants')).toBeInTheDocument();
    expect(screen.getByTestId('metric-value')).toHaveTextContent('42');
    expect(screen.getByText('All tenants')).toBeInTheDocument();
    expect(screen.queryByTestId('metric-trend')).not.toBeInTheDocument();
  });

  it('omits the description and trend when not given', () => {
    const { container } = render(<MetricCard title="Web Apps" value="7" icon={Building2} />);
    expect(screen.getByTestId('metric-value')).toHaveTextContent('7');
    expect(container.querySelector('p')).toBeNull();
  });

  it('shows a positive trend', () => {
    render(
      <MetricCard title="Web Apps" value={7} icon={Building2} trend={{ value: 12, isPositive: true }} />,
    );
    const trend = screen.getByTestId('metric-trend');
    expect(trend).toHaveAttribute('data-positive', 'true');
    expect(trend).toHaveTextContent('+12%');
    expect(trend).toHaveTextContent('increase');
    expect(trend).toHaveClass('text-success');
  });

  it('shows a negative trend', () => {
    render(
      <MetricCard title="Web Apps" value={7} icon={Building2} trend={{ value: 5, isPositive: false }} />,
    );
    const trend = screen.getByTestId('metric-trend');
    expect(trend).toHaveAttribute('data-positive', 'false');
    expect(trend).toHaveTextContent('-5%');
    expect(trend).toHaveTextContent('decrease');
    expect(trend).toHaveClass('text-destructive');
  });

  it('passes data attributes through for e2e hooks', () => {
    render(
      <MetricCard data-testid="metric-total-tenants" title="Total Tenants" value={1} icon={Building2} />,
    );
    expect(screen.getByTestId('metric-total-tenants')).toContainElement(screen.getByTestId('metric-value'));
  });
});
