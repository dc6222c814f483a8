/** The demo catalogue seeded into the embedded default on first start. */
export { SEED_ASSETS, SEED_REFERENCE_PRICES } from './catalogue-assets';
export { SEED_DIRECTIONS } from './catalogue-directions';
