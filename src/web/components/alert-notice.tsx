import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

const tones = {
  /** Something the user did not do happened meanwhile (someone else saved): their action did not go through. */
  destructive: { box: 'border-destructive/50 bg-destructive/5', icon: 'text-destructive' },
  /** What is shown may be out of date, and there is a way to bring it up to date. */
  warning: { box: 'border-amber-500/60 bg-amber-500/10', icon: 'text-amber-600' },
};

type AlertNoticeProps = {
  testId: string;
  tone: keyof typeof tones;
  title: ReactNode;
  /** What it means and what to do, below the title. */
  children: ReactNode;
  /** The ways on: stacked, they sit right-aligned below the text; inline, beside it from sm up. */
  actions?: ReactNode;
  layout?: 'stacked' | 'inline';
};

/** An alert inside a page or form: a warning icon, what happened, and its buttons. */
export function AlertNotice({
  testId,
  tone,
  title,
  children,
  actions,
  layout = 'stacked',
}: AlertNoticeProps) {
  const { box, icon } = tones[tone];
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cn(
        'rounded-md border p-4 text-sm',
        box,
        layout === 'stacked'
          ? 'space-y-3'
          : 'flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between',
      )}
    >
      <div className="flex gap-2">
        <TriangleAlert className={cn('mt-0.5 size-4 shrink-0', icon)} aria-hidden="true" />
        <div className="space-y-1">
          <p className="font-medium">{title}</p>
          {children}
        </div>
      </div>
      {layout === 'stacked' ? <div className="flex flex-wrap justify-end gap-2">{actions}</div> : actions}
    </div>
  );
}
