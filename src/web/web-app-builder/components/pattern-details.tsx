import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PatternDiagram } from '@/web-app-builder/components/pattern-diagrams';
import { panelId, tabId } from '@/web-app-builder/components/pattern-tabs';
import type { ArchitecturePattern } from '@/web-app-builder/patterns';

function PointList({ title, points, tone }: { title: string; points: string[]; tone: 'pro' | 'con' }) {
  const Icon = tone === 'pro' ? CircleCheck : TriangleAlert;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle role="heading" aria-level={3}>
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {points.map((point) => (
            <li key={point} className="flex gap-2 text-sm">
              <Icon
                className={
                  tone === 'pro'
                    ? 'mt-0.5 size-4 shrink-0 text-success'
                    : 'mt-0.5 size-4 shrink-0 text-amber-500'
                }
                aria-hidden="true"
              />
              <span>{point}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function PatternDetails({ pattern }: { pattern: ArchitecturePattern }) {
  return (
    <section
      role="tabpanel"
      id={panelId(pattern.id)}
      aria-labelledby={tabId(pattern.id)}
      tabIndex={0}
      className="space-y-4 outline-none"
      data-testid="pattern-details"
    >
      <Card>
        <CardHeader>
          <CardTitle role="heading" aria-level={2} className="text-xl">
            {pattern.name}
          </CardTitle>
          <CardDescription>{pattern.summary}</CardDescription>
        </CardHeader>
        <CardContent>
          <PatternDiagram pattern={pattern.id} />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <PointList title="Advantages" points={pattern.advantages} tone="pro" />
        <PointList title="Considerations" points={pattern.considerations} tone="con" />
      </div>
    </section>
  );
}
