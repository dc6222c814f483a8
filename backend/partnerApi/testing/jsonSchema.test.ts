import { expect } from 'chai';
import { arrayOf, dateTime, decimal, nullable, objectOf, oneOf, str, stringMap } from '../methods/answers';
import { openObjects, validateJson } from './jsonSchema';

describe('the JSON Schema subset validator (partner API answers)', () => {
  const schema = objectOf(
    {
      id: { type: 'integer' },
      amount: decimal,
      status: oneOf(['new', 'done']),
      reason: nullable(str),
      at: dateTime,
      tags: arrayOf(str),
      details: nullable(stringMap),
      side: objectOf({ code: str }),
    },
    ['details'],
  );
  const valid = { id: 1, amount: '12.50', status: 'new', reason: null, at: '2026-01-15T10:00:00.000Z', tags: ['a'], side: { code: 'BTC' } };

  it('accepts a value that matches, with or without an optional field', () => {
    expect(validateJson(schema, valid)).to.deep.equal([]);
    expect(validateJson(schema, { ...valid, details: { memo: 'x' } })).to.deep.equal([]);
    expect(validateJson(schema, { ...valid, reason: 'late' })).to.deep.equal([]);
  });

  it('names an undocumented field, a missing required one, a wrong type, enum, pattern and format — nested too', () => {
    expect(validateJson(schema, { ...valid, extra: 1 })).to.deep.equal(['$.extra: not documented']);
    const { amount: _amount, ...missing } = valid;
    expect(validateJson(schema, missing)).to.deep.equal(['$.amount: required, missing']);
    expect(validateJson(schema, { ...valid, amount: 12.5 })).to.deep.equal(['$.amount: number is not string']);
    expect(validateJson(schema, { ...valid, amount: '1e5' })[0]).to.match(/^\$\.amount: "1e5" does not match/);
    expect(validateJson(schema, { ...valid, status: 'lost' })[0]).to.match(/^\$\.status: "lost" is not one of/);
    expect(validateJson(schema, { ...valid, reason: 3 })).to.deep.equal(['$.reason: integer is not string | null']);
    expect(validateJson(schema, { ...valid, at: 'yesterday' })).to.deep.equal(['$.at: "yesterday" is not a date-time']);
    expect(validateJson(schema, { ...valid, tags: ['a', 2] })).to.deep.equal(['$.tags[1]: integer is not string']);
    expect(validateJson(schema, { ...valid, side: { code: 'BTC', name: 'Bitcoin' } })).to.deep.equal(['$.side.name: not documented']);
    expect(validateJson(schema, { ...valid, details: { memo: 5 } })).to.deep.equal(['$.details.memo: integer is not string']);
    expect(validateJson(schema, null)).to.deep.equal(['$: null is not object']);
  });

  it('refuses a keyword it does not check, and finds open objects', () => {
    expect(validateJson({ type: 'string', maxLength: 3 }, 'abc')).to.deep.equal(['$: unsupported keyword maxLength']);
    expect(openObjects(schema)).to.deep.equal([]);
    expect(openObjects({ type: 'object', properties: { inner: { type: ['object', 'null'] }, list: arrayOf({ type: 'object' }) }, additionalProperties: false })).to.deep.equal(['$.inner', '$.list[]']);
  });
});
