import { expect } from 'chai';
import { array, type AnySchema, boolean, date, number, object, string } from 'yup';
import { isValidationMessage } from './messages';
import './locale';

function firstFailure(schema: AnySchema, value: unknown): unknown {
  try {
    schema.validateSync(value);
  } catch (error) {
    return (error as { errors: unknown[] }).errors[0];
  }
  throw new Error('the schema accepted the value');
}

describe('yup locale', () => {
  it('reports a missing required string as validation.required', () => {
    expect(firstFailure(string().required(), undefined)).to.deep.equal({ key: 'validation.required' });
    expect(firstFailure(string().required(), '')).to.deep.equal({ key: 'validation.required' });
  });

  it('reports a null value where none is allowed as validation.required', () => {
    expect(firstFailure(string().nonNullable(), null)).to.deep.equal({ key: 'validation.required' });
  });

  it('reports string checks under their rule keys with the limits as values', () => {
    expect(firstFailure(string().email(), 'x')).to.deep.equal({ key: 'validation.email' });
    expect(firstFailure(string().url(), 'x')).to.deep.equal({ key: 'validation.url' });
    expect(firstFailure(string().min(6), 'abc')).to.deep.equal({ key: 'validation.min', values: { min: 6 } });
    expect(firstFailure(string().max(2), 'abc')).to.deep.equal({ key: 'validation.max', values: { max: 2 } });
    expect(firstFailure(string().length(6), 'abc')).to.deep.equal({ key: 'validation.length', values: { length: 6 } });
    expect(firstFailure(string().matches(/^\d+$/), 'abc')).to.deep.equal({ key: 'validation.regex' });
  });

  it('reports a value that is not a number as validation.invalid_number', () => {
    expect(firstFailure(number(), 'abc')).to.deep.equal({ key: 'validation.invalid_number' });
  });

  it('reports number bounds as min_value, max_value, less_than and more_than', () => {
    expect(firstFailure(number().min(5), 4)).to.deep.equal({ key: 'validation.min_value', values: { min: 5 } });
    expect(firstFailure(number().max(5), 6)).to.deep.equal({ key: 'validation.max_value', values: { max: 5 } });
    expect(firstFailure(number().lessThan(5), 5)).to.deep.equal({ key: 'validation.less_than', values: { max: 5 } });
    expect(firstFailure(number().moreThan(5), 5)).to.deep.equal({ key: 'validation.more_than', values: { min: 5 } });
    expect(firstFailure(number().positive(), 0)).to.deep.equal({ key: 'validation.more_than', values: { min: 0 } });
    expect(firstFailure(number().integer(), 1.5)).to.deep.equal({ key: 'validation.integer' });
  });

  it('writes date bounds as ISO text', () => {
    const bound = new Date('2030-01-01T00:00:00.000Z');
    expect(firstFailure(date().min(bound), new Date('2029-12-31T00:00:00.000Z'))).to.deep.equal({
      key: 'validation.min_value',
      values: { min: '2030-01-01T00:00:00.000Z' },
    });
  });

  it('reports list sizes as min_items and max_items', () => {
    expect(firstFailure(array().min(2), [1])).to.deep.equal({ key: 'validation.min_items', values: { min: 2 } });
    expect(firstFailure(array().max(1), [1, 2])).to.deep.equal({ key: 'validation.max_items', values: { max: 1 } });
  });

  it('reports every other built-in check as a translatable message, never a sentence', () => {
    const failures = [
      firstFailure(string().oneOf(['a']), 'b'),
      firstFailure(string().notOneOf(['a']), 'a'),
      firstFailure(string().uuid(), 'x'),
      firstFailure(string().datetime(), 'x'),
      firstFailure(string().strict().trim(), ' x '),
      firstFailure(string().strict().lowercase(), 'X'),
      firstFailure(boolean().isTrue(), false),
      firstFailure(object({ a: string() }).noUnknown().strict(), { b: 1 }),
      firstFailure(string().test('custom', (value) => value === 'ok'), 'no'),
      firstFailure(string().strict(), 5),
    ];
    for (const failure of failures) expect(isValidationMessage(failure), JSON.stringify(failure)).to.equal(true);
  });
});
