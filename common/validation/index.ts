/**
 * Validation shared by forms and the server (spec §5). Import from here: it installs the yup
 * locale before any schema is built, so every failure is a `ValidationMessage`
 * (`{ key: 'validation.<rule>', values }`) translated from `locales/<lang>/validation.json`.
 */
import './locale';

export {
  isValidationMessage,
  type RuleResult,
  VALIDATION_RULE_KEYS,
  validationMessage,
  type ValidationMessage,
  type ValidationRuleKey,
  type ValidationValues,
} from './messages';
export { type RuleName, type RuleParams, rules } from './rules';
export { rule } from './yupRule';
export { type AmountLimits, PASSWORD_MIN_LENGTH } from './fieldRules';
export { PASSWORD_SYMBOLS } from './productRules';
export {
  accountField,
  agreeTermsField,
  amountField,
  confirmPasswordField,
  emailField,
  NAME_MAX_LENGTH,
  nameField,
  otpCodeField,
  PASSWORD_MAX_LENGTH,
  passwordField,
  phoneField,
  trimmedString,
  urlField,
} from './fields';
export { type Translate, translateMessage, translateValidationError } from './translate';
export { validateField } from './validateField';
