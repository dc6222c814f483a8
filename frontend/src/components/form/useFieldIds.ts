import { useId } from 'react';
import type { FieldIds } from './FieldFrame';

/** Unique ids for a control and the texts describing it; `id` overrides the control's. */
export function useFieldIds(id?: string): FieldIds {
  const base = useId();
  const control = id ?? `${base}control`;
  return { control, description: `${control}-description`, error: `${control}-error` };
}
