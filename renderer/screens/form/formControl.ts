import { createContext, useContext, useMemo } from 'react';
import type { Control, FieldValues, UseFormGetValues, UseFormReturn, UseFormSetValue } from 'react-hook-form';

/**
 * What a form's inputs need of it, in a context whose value never changes while the form is open.
 * react-hook-form's own context changes with every change of the form's state (submitting,
 * submitted, errors), and would re-render every input as a save starts and ends; each input
 * follows its own value and error through its controller instead.
 */
export interface FormControl {
  control: Control<FieldValues>;
  setValue: UseFormSetValue<FieldValues>;
  getValues: UseFormGetValues<FieldValues>;
  /** Whether a save was tried (a value filled in by a pick is then checked at once). Read when used, not while rendering. */
  submitted: () => boolean;
}

export const FormControlContext = createContext<FormControl | null>(null);

export function useFormControl(): FormControl {
  const c = useContext(FormControlContext);
  if (!c) throw new Error('a form input outside its form');
  return c;
}

/** The stable context value of a form made with useForm. */
export function useStableFormControl(form: UseFormReturn<FieldValues>): FormControl {
  const { control, setValue, getValues } = form;
  // `form` is the same object for the form's life; its formState is the latest when read.
  return useMemo(() => ({ control, setValue, getValues, submitted: () => form.formState.isSubmitted }), [control, setValue, getValues, form]);
}
