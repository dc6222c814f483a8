/**
 * Every validation rule by its spec name. Each is a plain function `(value, ...params)` that
 * answers `true` or the `ValidationMessage` to show, so it runs standalone
 * (`rules.name('Анна-Мария') === true`) and inside yup through `rule()` (see `yupRule.ts`).
 */
import { account, amount, otp_code, phone, strong_password } from './fieldRules';
import { custom_rule, less_than, max_length, min_length, name, password } from './productRules';
import {
  alpha_spaces,
  confirmed,
  email,
  is,
  length,
  max,
  max_value,
  min,
  min_value,
  numeric,
  regex,
  required,
  url,
} from './standardRules';

export const rules = {
  required,
  numeric,
  email,
  confirmed,
  url,
  min,
  max,
  min_value,
  max_value,
  regex,
  length,
  alpha_spaces,
  is,
  custom_rule,
  less_than,
  min_length,
  max_length,
  name,
  password,
  strong_password,
  phone,
  otp_code,
  account,
  amount,
} as const;

export type Rules = typeof rules;
export type RuleName = keyof Rules;
/** The parameters a rule takes after the value, e.g. `[limit: string | number]` for `less_than`. */
export type RuleParams<K extends RuleName> = Parameters<Rules[K]> extends [unknown, ...infer P] ? P : never;
