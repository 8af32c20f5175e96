import type { Impact } from '@contract/releases';
import { IMPACT_LABELS, IMPACT_ORDER } from '@/changes/lib/change-set';

/**
 * What the set touches, computed by the server from the data: a count per kind of thing, and the names
 * behind each count in a disclosure (a release may touch dozens).
 */
export function ImpactSummary({ impact }: { impact: Impact }) {
  const touched = IMPACT_ORDER.filter((kind) => impact[kind].count > 0);
  return (
    <section
      aria-labelledby="change-impact"
      className="space-y-3 rounded-lg border bg-card p-4 text-card-foreground shadow-sm"
      data-testid="change-impact"
    >
      <h2 id="change-impact" className="font-semibold">
        Impact
      </h2>
      {touched.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing this set touches is counted.</p>
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          {touched.map((kind) => {
            const { count, names } = impact[kind];
            return (
              <div key={kind} className="space-y-1" data-testid={`impact-${kind}`}>
                <dt className="text-muted-foreground">{IMPACT_LABELS[kind]}</dt>
                <dd className="space-y-1">
                  <span className="text-lg font-semibold tabular-nums">{count}</span>
                  {names.length > 0 && (
                    <details className="group">
                      <summary className="cursor-pointer text-xs text-muted-foreground underline-offset-4 hover:underline">
                        Show names<span className="sr-only">: {IMPACT_LABELS[kind]}</span>
                      </summary>
                      <ul className="mt-1 list-disc space-y-0.5 pl-5 break-words">
                        {names.map((name) => (
                          <li key={name}>{name}</li>
                        ))}
                      </ul>
                    </details>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}
