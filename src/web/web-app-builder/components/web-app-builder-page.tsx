import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { PatternDetails } from '@/web-app-builder/components/pattern-details';
import { PatternTabs } from '@/web-app-builder/components/pattern-tabs';
import { patterns, type PatternId } from '@/web-app-builder/patterns';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function WebAppBuilderPage() {
  useDocumentTitle('Web App Builder');
  const [selected, setSelected] = useState<PatternId>('module-federation');
  const pattern = patterns.find((p) => p.id === selected) ?? patterns[0];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Web App Builder"
        description="Compare the architecture patterns for composing web apps from microfrontends."
      />
      <PatternTabs patterns={patterns} selected={selected} onSelect={setSelected} />
      {pattern && <PatternDetails pattern={pattern} />}
    </div>
  );
}
