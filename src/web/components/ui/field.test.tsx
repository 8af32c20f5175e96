import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

function NameField({ error }: { error?: string }) {
  const invalid = !!error;
  return (
    <Field data-invalid={invalid || undefined}>
      <FieldLabel htmlFor="name">Name</FieldLabel>
      <Input {...fieldControlProps('name', invalid)} />
      <FieldError id="name-error" errors={[error ? { message: error } : undefined]} />
    </Field>
  );
}

describe('Field', () => {
  it('labels the control and renders no error without one', () => {
    render(<NameField />);
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks the control invalid and describes it by the error', () => {
    render(<NameField error="Name is required" />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('group')).toHaveAttribute('data-invalid', 'true');
  });

  it('lists several distinct errors once each', () => {
    render(
      <FieldError
        errors={[{ message: 'Too long' }, { message: 'Too long' }, undefined, { message: 'Bad' }]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Too long', 'Bad']);
  });
});
