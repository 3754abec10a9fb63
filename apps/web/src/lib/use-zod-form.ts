import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** A zod schema of a form's values: classic zod or zod/mini (zodResolver calls its own parseAsync). */
type FormSchema = z.core.$ZodType<FieldValues, FieldValues>;

/** Options of {@link useZodForm} and {@link useLazyZodForm}: react-hook-form's, but the resolver. */
export type ZodFormOptions<Schema extends FormSchema> = Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'>;

/**
 * A react-hook-form form validated by a zod schema (usually the contract's, so the browser checks
 * what the server will): fields typed by the schema's input, the submit handler given its output.
 */
export function useZodForm<Schema extends FormSchema>(
  schema: Schema,
  options: ZodFormOptions<Schema> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ ...options, resolver: zodResolver(schema) });
}

/**
 * {@link useZodForm} whose schema and resolver load with the first validation (the first submit):
 * the same react-hook-form behaviour (check on submit, then on every change; focus the first
 * field in error; isSubmitting while checking), but zod is not part of the page's JavaScript. For
 * the sign-in screens (bench/README.md "Login route bundle"): pass e.g.
 * `() => import('@tandem/contract').then((contract) => contract.SignInFormSchema)`. A chunk that
 * no longer exists after a deploy reloads the page, as a lazy route does (lib/chunk-reload.ts).
 */
export function useLazyZodForm<Schema extends FormSchema>(
  loadSchema: () => Promise<Schema>,
  options: ZodFormOptions<Schema> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  const resolver: Resolver<z.input<Schema>, unknown, z.output<Schema>> = async (values, context, resolverOptions) => {
    const resolvers = import('@hookform/resolvers/zod');
    const schema: Schema = await loadSchema();
    return (await resolvers).zodResolver(schema)(values, context, resolverOptions);
  };
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({ ...options, resolver });
}
