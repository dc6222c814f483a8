import { expect } from 'chai';
import { object, string } from 'yup';
import { BadRequestError } from '../errors';
import { MAX_INPUT_DEPTH, plainInput } from './plainInput';

describe('plainInput', () => {
  it('drops keys named like Object.prototype members at every depth and keeps the rest', () => {
    const parsed = JSON.parse('{"email":"a@b.test","constructor":1,"__proto__":{"x":1},"list":[{"toString":"x","n":2}],"extra":{"valueOf":3,"ok":true}}');
    expect(plainInput(parsed)).to.deep.equal({ email: 'a@b.test', list: [{ n: 2 }], extra: { ok: true } });
  });

  it('keeps primitives, null and arrays as they are', () => {
    for (const value of [null, 1, 'x', true, undefined]) expect(plainInput(value)).to.equal(value);
    expect(plainInput([1, 'a', null])).to.deep.equal([1, 'a', null]);
  });

  it('lets yup refuse what made it throw: a field lookup of "constructor" and a string cast of {"toString": "x"}', async () => {
    const schema = object({ email: string().required() });
    const options = { abortEarly: false, stripUnknown: true };
    const hostile = [JSON.parse('{"constructor":1}'), JSON.parse('{"email":{"toString":"x"}}')];
    for (const body of hostile) {
      expect(await schema.validate(body, options).then(() => 'valid', (error: Error) => error.name)).to.equal('TypeError');
      expect(await schema.validate(plainInput(body), options).then(() => 'valid', (error: Error) => error.name)).to.equal('ValidationError');
    }
  });

  it(`refuses input nested deeper than ${MAX_INPUT_DEPTH} levels with 400`, () => {
    const nest = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(() => plainInput(nest(MAX_INPUT_DEPTH))).not.to.throw();
    expect(() => plainInput(nest(MAX_INPUT_DEPTH + 1))).to.throw(BadRequestError);
    expect(() => plainInput(nest(100_000))).to.throw(BadRequestError);
  });
});
