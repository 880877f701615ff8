import { useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { problemOf, problemsOf, type FieldSchemas, type Problems } from './form-problems';
import { useRuleMessage } from './rule-message';

/** A function answering a value's localized problem under a contract schema, or null. */
export function useFieldError(): (schema: ZodType, value: unknown) => string | null {
  const rule = useRuleMessage();
  return (schema, value) => {
    const problem = problemOf(schema, value);
    return problem === null ? null : rule(problem);
  };
}

/**
 * The state of a form checked with the contract's schemas: its values, each field's localized
 * error, and a submit handler that checks every field first. Errors appear on submit; one goes
 * as soon as its field is fixed.
 */
export function useForm<V extends object>(initial: V, schemas: FieldSchemas<V> = {}) {
  const rule = useRuleMessage();
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems<V>>({});

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      const problem = problemOf(schemas[field], value);
      if (problem === null) delete next[field];
      else next[field] = problem;
      return next;
    });
  };

  const error = (field: keyof V): string | null => {
    const problem = problems[field];
    return problem === undefined ? null : rule(problem);
  };

  /** Checks every field; with no problem, hands the values to `onValid`. */
  const submit = (onValid: (values: V) => unknown) => (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(schemas, values);
    setProblems(found);
    if (Object.keys(found).length === 0) void onValid(values);
  };

  /** Starts over from `next` (the initial values by default), without errors. */
  const reset = (next: V = initial) => {
    setValues(next);
    setProblems({});
  };

  return { values, set, error, submit, reset };
}
