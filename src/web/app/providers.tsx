import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ThemeProvider } from '@/app/theme-provider';
import { AppliedChangeEffectsProvider } from '@/lib/applied-change-effects';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/app/query-client';

/** The table names every feature's keys: loaded on the first applied change, not with the first screen. */
const loadAppliedChangeEffects = () =>
  import('@/app/applied-change-effects').then((module) => module.appliedChangeEffects);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AppliedChangeEffectsProvider value={loadAppliedChangeEffects}>
        <ThemeProvider>
          {children}
          <Toaster />
        </ThemeProvider>
      </AppliedChangeEffectsProvider>
    </QueryClientProvider>
  );
}
