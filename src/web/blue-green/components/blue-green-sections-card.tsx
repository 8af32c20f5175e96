import { parseBlueGreenConfig, type Environment } from '@contract/blue-green';
import { useMemo, type ReactNode } from 'react';
import type { BlueGreenTarget } from '@/blue-green/components/api';
import { BlueGreenEnvironmentSection } from '@/blue-green/components/blue-green-environment-section';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The environments with a blue-green section, in the spec's order. */
export const blueGreenEnvironments: ReadonlyArray<{ environment: Environment; label: string }> = [
  { environment: 'production', label: 'Production' },
  { environment: 'uat', label: 'UAT' },
];

type BlueGreenSectionsCardProps = {
  target: BlueGreenTarget;
  /** The stored blueGreenConfig JSON text. */
  config: string | null | undefined;
  sections: ReadonlyArray<{ environment: Environment; label: string }>;
  canManage: boolean;
  description: string;
  /** Shown above the sections (a tenant's note that no environment has one). */
  children?: ReactNode;
  'data-testid'?: string;
};

/** Blue-Green Deployment of a tenant or a capability: one section per environment. */
export function BlueGreenSectionsCard({
  target,
  config,
  sections,
  canManage,
  description,
  children,
  'data-testid': testId,
}: BlueGreenSectionsCardProps) {
  const states = useMemo(() => parseBlueGreenConfig(config), [config]);
  return (
    <Card data-testid={testId}>
      <CardHeader>
        {/* A heading, so that the per-environment h3 sections below sit under it. */}
        <CardTitle role="heading" aria-level={2}>
          Blue-Green Deployment
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {children}
        {sections.map(({ environment, label }) => (
          <BlueGreenEnvironmentSection
            key={environment}
            target={target}
            environment={environment}
            label={label}
            state={states[environment]}
            canManage={canManage}
          />
        ))}
      </CardContent>
    </Card>
  );
}
