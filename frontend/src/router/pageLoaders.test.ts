import { expect } from 'chai';
import { ROUTES } from '../../../common/routes';
import { pageLoaders } from './pageLoaders';

describe('page loaders', () => {
  it('has exactly one page module for every route of the route table', () => {
    expect(Object.keys(pageLoaders).sort()).to.deep.equal(ROUTES.map((route) => route.name).sort());
  });
});
