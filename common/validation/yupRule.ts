/** Runs a rule of `rules` as a yup test, so forms and the server share one implementation. */
import type { Reference, TestConfig } from 'yup';
import type { RuleResult } from './messages';
import { type RuleName, type RuleParams, rules } from './rules';

/** Each parameter may also be a yup `ref()` to a sibling field, resolved at validation time. */
type Resolvable<P extends unknown[]> = { [I in keyof P]: P[I] | Reference<P[I]> };

/**
 * A yup test for the rule `name` with `params`:
 * `string().test(rule('less_than', '100'))`, `string().test(rule('confirmed', ref('password')))`.
 * It fails with the rule's own `ValidationMessage`.
 */
export function rule<K extends RuleName>(name: K, ...params: Resolvable<RuleParams<K>>): TestConfig {
  const check = rules[name] as (value: unknown, ...params: unknown[]) => RuleResult;
  return {
    name,
    test(value, context) {
      const result = check(value, ...params.map((param) => context.resolve(param)));
      return result === true || context.createError({ message: result });
    },
  };
}
