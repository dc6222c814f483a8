import { BadRequestError } from '../errors';

/** Deepest nesting of objects and arrays a request's input may have; no schema goes near it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * A copy of parsed input (JSON body or query) that yup can read safely. Keys named like an
 * Object.prototype member (`constructor`, `toString`, `__proto__`…) are dropped: yup looks fields
 * up with `fields[key]` and would take the inherited member for a schema, and it casts with
 * `value.toString()`, which a `{"toString": "x"}` turns into a TypeError. No field is named so,
 * and unknown keys are stripped anyway, so dropping them changes no valid request. Input nested
 * deeper than MAX_INPUT_DEPTH answers 400 instead of being walked.
 */
export function plainInput(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_INPUT_DEPTH) throw new BadRequestError();
  if (Array.isArray(value)) return value.map((item) => plainInput(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key in Object.prototype) continue;
    copy[key] = plainInput((value as Record<string, unknown>)[key], depth + 1);
  }
  return copy;
}
