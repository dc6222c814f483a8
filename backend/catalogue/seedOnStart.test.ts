import { expect } from 'chai';
import { seedsCatalogueAtStart } from './seedOnStart';

describe('seedsCatalogueAtStart', () => {
  it('seeds the embedded SQLite database in every environment', () => {
    for (const env of ['development', 'test', 'production'] as const) expect(seedsCatalogueAtStart({ env }, 'sqlite'), env).to.equal(true);
  });

  it('seeds MySQL in development and tests', () => {
    expect(seedsCatalogueAtStart({ env: 'development' }, 'mysql')).to.equal(true);
    expect(seedsCatalogueAtStart({ env: 'test' }, 'mysql')).to.equal(true);
  });

  it('leaves a production MySQL catalogue to the operator (npm run cli -- db:seed)', () => {
    expect(seedsCatalogueAtStart({ env: 'production' }, 'mysql')).to.equal(false);
  });
});
