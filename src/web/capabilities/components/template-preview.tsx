import { renderTemplate } from '@contract/notification-templates';
import { useState } from 'react';
import { sampleValue } from '@/capabilities/lib/template-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type TemplatePreviewProps = {
  deliveryChannel: string;
  subject: string;
  content: string;
  variables: string[];
};

/** Subject (email) and content rendered with a sample value per variable, each editable. */
export function TemplatePreview({ deliveryChannel, subject, content, variables }: TemplatePreviewProps) {
  const [samples, setSamples] = useState<Record<string, string>>({});
  const names = [...new Set(variables)];
  const values = Object.fromEntries(names.map((name) => [name, samples[name] ?? sampleValue(name)]));

  return (
    <section aria-labelledby="template-preview-title" className="space-y-3 rounded-lg border bg-muted/30 p-4">
      <h3 id="template-preview-title" className="text-sm font-semibold">
        Preview
      </h3>
      {names.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          {names.map((name) => (
            <div key={name} className="space-y-1">
              <Label htmlFor={`template-sample-${name}`} className="font-mono text-xs">{`{{${name}}}`}</Label>
              <Input
                id={`template-sample-${name}`}
                aria-label={`Sample value for ${name}`}
                value={values[name]}
                onChange={(event) => setSamples((current) => ({ ...current, [name]: event.target.value }))}
              />
            </div>
          ))}
        </div>
      )}
      <div className="space-y-2 rounded-md border bg-background p-3 text-sm">
        {deliveryChannel === 'email' && (
          <p className="font-medium" data-testid="preview-subject">
            {renderTemplate(subject, values) || <span className="text-muted-foreground">(no subject)</span>}
          </p>
        )}
        <p className="whitespace-pre-wrap" data-testid="preview-content">
          {renderTemplate(content, values) || <span className="text-muted-foreground">(no content)</span>}
        </p>
      </div>
    </section>
  );
}
