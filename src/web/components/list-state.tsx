import type * as React from 'react';
import { ErrorState } from '@/components/error-state';

type ListStateProps = {
  /** TanStack Query's status of the read behind the list. */
  status: 'pending' | 'error' | 'success';
  error?: unknown;
  onRetry?: () => void;
  isEmpty: boolean;
  loading: React.ReactNode;
  empty: React.ReactNode;
  errorTitle?: string;
  children: React.ReactNode;
};

/** One place that decides between loading, error, empty and content for a list. */
export function ListState({
  status,
  error,
  onRetry,
  isEmpty,
  loading,
  empty,
  errorTitle,
  children,
}: ListStateProps) {
  if (status === 'pending') return <div aria-busy="true">{loading}</div>;
  if (status === 'error') return <ErrorState error={error} onRetry={onRetry} title={errorTitle} />;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
