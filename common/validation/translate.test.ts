import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import i18next from 'i18next';
import { object, string, type ValidationError } from 'yup';
import { amountField, emailField, passwordField } from './fields';
import { translateMessage, translateValidationError, type Translate } from './translate';

function loadValidationFile(lang: 'ru' | 'en'): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../locales/${lang}/validation.json`, import.meta.url), 'utf8'));
}

async function translatorFor(lang: 'ru' | 'en'): Promise<Translate> {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: lang,
    resources: { [lang]: { translation: { validation: loadValidationFile(lang) } } },
    interpolation: { escapeValue: false },
  });
  return (key, values) => i18n.t(key, values);
}

function validationErrorOf(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    return error as ValidationError;
  }
  throw new Error('validation passed');
}

describe('translating validation failures', () => {
  const form = object({
    email: emailField,
    password: passwordField,
    amount: amountField({ min: '0.001' }),
  });
  const values = { email: 'nope', password: 'short', amount: '0.0001' };

  it('maps every failing field to its first message in English', async () => {
    const error = validationErrorOf(() => form.validateSync(values, { abortEarly: false }));
    expect(translateValidationError(error, await translatorFor('en'))).to.deep.equal({
      email: 'Enter a valid email',
      password:
        'The password must be at least 8 characters long and contain upper case letters, digits and special characters',
      amount: 'The value must not be below the minimum: 0.001',
    });
  });

  it('maps the same failures to Russian', async () => {
    const error = validationErrorOf(() => form.validateSync(values, { abortEarly: false }));
    expect(translateValidationError(error, await translatorFor('ru'))).to.deep.equal({
      email: 'Введите корректный email',
      password: 'Пароль должен быть не короче 8 символов и содержать заглавные буквы, цифры и специальные символы',
      amount: 'Значение должно быть не меньше минимума: 0.001',
    });
  });

  it('keeps only the first message of a field that fails several tests', async () => {
    const schema = object({ code: string().min(6).matches(/^\d+$/) });
    const error = validationErrorOf(() => schema.validateSync({ code: 'ab' }, { abortEarly: false }));
    expect(error.inner).to.have.length(2);
    expect(translateValidationError(error, await translatorFor('en'))).to.deep.equal({ code: 'At least 6 characters' });
  });

  it('translates an error raised with abortEarly', async () => {
    const onlyEmailWrong = { email: 'nope', password: 'Str0ng!pass', amount: '1' };
    const error = validationErrorOf(() => form.validateSync(onlyEmailWrong));
    expect(translateValidationError(error, await translatorFor('en'))).to.deep.equal({ email: 'Enter a valid email' });
  });

  it('uses nested paths as they are', async () => {
    const schema = object({ items: object({ email: emailField }).required() });
    const error = validationErrorOf(() => schema.validateSync({ items: { email: 'x' } }, { abortEarly: false }));
    expect(translateValidationError(error, await translatorFor('en'))).to.deep.equal({
      'items.email': 'Enter a valid email',
    });
  });

  it('files a failure of the value itself under the empty path', async () => {
    const error = validationErrorOf(() => emailField.validateSync('x'));
    expect(translateValidationError(error, await translatorFor('ru'))).to.deep.equal({ '': 'Введите корректный email' });
  });

  it('reads a plain string message as the general error', async () => {
    expect(translateMessage('some english sentence', await translatorFor('en'))).to.equal('Value is incorrect');
  });
});
