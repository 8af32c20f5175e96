import type { ChartConfig } from '@/components/ui/chart';

/*
 * The Overview charts' series and colours. Each colour keeps at least 3:1 against the card in its theme
 * (WCAG 1.4.11, graphical objects): light on white, dark on the dark card (docs/overview.md lists them).
 * Plain data, so the cards' text alternatives use the same names without loading Recharts.
 */

export const appliedSeries = {
  development: { label: 'Development', theme: { light: '#2563eb', dark: '#60a5fa' } },
  uat: { label: 'UAT', theme: { light: '#b45309', dark: '#fbbf24' } },
  production: { label: 'Production', theme: { light: '#7c3aed', dark: '#c4b5fd' } },
} satisfies ChartConfig;

export const troubleSeries = {
  failed: { label: 'Failed', theme: { light: '#dc2626', dark: '#f87171' } },
  rolledBack: { label: 'Rolled back', theme: { light: '#0f766e', dark: '#2dd4bf' } },
} satisfies ChartConfig;

export const latencySeries = {
  durationMs: { label: 'Latency (ms)', theme: { light: '#2563eb', dark: '#60a5fa' } },
} satisfies ChartConfig;
