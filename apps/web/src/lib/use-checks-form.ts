import type { FieldChecks } from '@tandem/contract';
import { useRef, useState, type BaseSyntheticEvent } from 'react';
import type { ErrorOption, FieldError, FieldErrors, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';

/** The values a form with `checks` submits: one cleaned string per checked field. */
export type CheckedValues<Checks extends FieldChecks> = { [Field in keyof Checks & string]: string };

/** What {@link useChecksForm} returns: the part of react-hook-form's UseFormReturn the auth forms use. */
export interface ChecksForm<Checks extends FieldChecks> {
  /** Connects an input (spread it, or pass it as EmailField's `registration`). */
  register: (name: keyof Checks & string) => UseFormRegisterReturn<keyof Checks & string>;
  /** Checks every field; on success calls `onValid` with the cleaned values, else shows the messages and focuses the first. */
  handleSubmit: (onValid: (values: CheckedValues<Checks>) => unknown) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Puts a message on a field (a server's errorData, apply-field-errors.ts), optionally focusing it. */
  setError: UseFormSetError<CheckedValues<Checks>>;
  formState: { errors: FieldErrors<CheckedValues<Checks>>; isSubmitting: boolean };
}

/**
 * A small uncontrolled form validated by the contract's plain field checks (auth-forms.ts), with
 * react-hook-form's behaviour and API for what the sign-in screens use: checks on submit, then
 * again on every change of a field once submitted; the first field in error is focused; a
 * server's message stays on its field until the field changes. It exists so the login route ships
 * neither react-hook-form nor zod (bench/README.md: the login route's budget); forms elsewhere use
 * useZodForm.
 */
export function useChecksForm<Checks extends FieldChecks>(checks: Checks): ChecksForm<Checks> {
  type Field = keyof Checks & string;
  const inputs = useRef(new Map<Field, HTMLInputElement>());
  const isSubmitted = useRef(false);
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const fields = Object.keys(checks) as Field[];

  const checkField = (field: Field) => checks[field]!(inputs.current.get(field)?.value ?? '');

  const setFieldError = (field: Field, error: FieldError | null) =>
    setErrors((current) => {
      const { [field]: _previous, ...rest } = current;
      return (error ? { ...rest, [field]: error } : rest) as Partial<Record<Field, FieldError>>;
    });

  const register = (name: Field): UseFormRegisterReturn<Field> => ({
    name,
    ref: (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    onChange: async () => {
      if (!isSubmitted.current) return;
      const verdict = checkField(name);
      setFieldError(name, verdict.ok ? null : { type: 'validate', message: verdict.message });
    },
    onBlur: async () => undefined,
  });

  const handleSubmit: ChecksForm<Checks>['handleSubmit'] = (onValid) => async (event) => {
    event?.preventDefault();
    isSubmitted.current = true;
    const values: Record<string, string> = {};
    const found: Partial<Record<Field, FieldError>> = {};
    for (const field of fields) {
      const verdict = checkField(field);
      if (verdict.ok) values[field] = verdict.value;
      else found[field] = { type: 'validate', message: verdict.message };
    }
    setErrors(found);
    const firstInError = fields.find((field) => found[field]);
    if (firstInError) {
      inputs.current.get(firstInError)?.focus();
      return;
    }
    setIsSubmitting(true);
    try {
      await onValid(values as CheckedValues<Checks>);
    } finally {
      setIsSubmitting(false);
    }
  };

  const setError: ChecksForm<Checks>['setError'] = (name, error: ErrorOption, options) => {
    if (!fields.includes(name as Field)) return;
    setFieldError(name as Field, { type: error.type ?? 'server', message: error.message });
    if (options?.shouldFocus) inputs.current.get(name as Field)?.focus();
  };

  return { register, handleSubmit, setError, formState: { errors: errors as FieldErrors<CheckedValues<Checks>>, isSubmitting } };
}
