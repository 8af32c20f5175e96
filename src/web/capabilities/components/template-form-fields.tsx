import {
  deliveryChannelNames,
  deliveryChannels,
  templateLanguageNames,
  templateLanguages,
  templateStatusNames,
  templateStatuses,
} from '@contract/notification-templates';
import type { FieldError as FormFieldError, UseFormReturn } from 'react-hook-form';
import { ChoiceField } from '@/capabilities/components/template-choice-field';
import type { TemplateFormInput, TemplateFormValues } from '@/capabilities/lib/template-form';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type Form = UseFormReturn<TemplateFormInput, unknown, TemplateFormValues>;
type Message = { message?: string } | undefined;
type TextFieldProps = {
  form: Form;
  name: 'name' | 'subject' | 'variablesText';
  label: string;
  /** Cross-field problems shown with the field's own error. */
  extra?: Message[];
  hint?: string;
};

function TextField({ form, name, label, extra = [], hint }: TextFieldProps) {
  const id = `template-${name}`;
  const all: Array<FormFieldError | Message> = [form.formState.errors[name], ...extra];
  const invalid = all.some((e) => !!e?.message);
  return (
    <Field data-invalid={invalid || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input
        {...fieldControlProps(id, invalid)}
        {...form.register(name, name === 'variablesText' ? { deps: ['subject', 'content'] } : undefined)}
      />
      {hint && <FieldDescription>{hint}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={all} />
    </Field>
  );
}

function ContentField({ form, problems }: { form: Form; problems: Message[] }) {
  const contentErrors = [form.formState.errors.content, ...problems];
  const contentInvalid = contentErrors.some((e) => !!e?.message);
  return (
    <Field className="sm:col-span-2" data-invalid={contentInvalid || undefined}>
      <FieldLabel htmlFor="template-content">Content</FieldLabel>
      <Textarea
        {...fieldControlProps('template-content', contentInvalid)}
        rows={6}
        className="field-sizing-fixed"
        {...form.register('content')}
      />
      <FieldError id="template-content-error" errors={contentErrors} />
    </Field>
  );
}

type TemplateFormFieldsProps = {
  form: Form;
  showSubject: boolean;
  /** Cross-field problems to show beside subject and content (templateProblems). */
  subjectProblems: Message[];
  contentProblems: Message[];
};

/** Name, language, channel, subject (email only), content (6 rows), variables, status. */
export function TemplateFormFields({
  form,
  showSubject,
  subjectProblems,
  contentProblems,
}: TemplateFormFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField form={form} name="name" label="Name" />
      </div>
      <ChoiceField
        form={form}
        name="language"
        label="Language"
        options={templateLanguages}
        labels={templateLanguageNames}
      />
      <ChoiceField
        form={form}
        name="deliveryChannel"
        label="Channel"
        options={deliveryChannels}
        labels={deliveryChannelNames}
      />
      {showSubject && (
        <div className="sm:col-span-2">
          <TextField form={form} name="subject" label="Subject" extra={subjectProblems} />
        </div>
      )}
      <ContentField form={form} problems={contentProblems} />
      <div className="sm:col-span-2">
        <TextField
          form={form}
          name="variablesText"
          label="Variables"
          hint="Comma separated, e.g. firstName, loginUrl; write them as {{firstName}} in the subject and content."
        />
      </div>
      <ChoiceField
        form={form}
        name="status"
        label="Status"
        options={templateStatuses}
        labels={templateStatusNames}
      />
    </div>
  );
}
