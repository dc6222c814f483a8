import { expect } from 'chai';
import { render } from '@testing-library/react';
import { SEED_ASSETS } from '../../../db/seeders/catalogue-assets';
import { contrastRatio } from '../lib/colors';
import { AssetIcon, assetBadge } from './AssetIcon';

/** WCAG AA for normal-size text: the marks are 8–16 px letters. */
const AA_TEXT = 4.5;

describe('asset marks', () => {
  it('every seeded asset has a label that reads on its colour (4.5:1 or more)', () => {
    const poor = SEED_ASSETS.map((asset) => ({ icon: asset.icon, ...assetBadge(asset) }))
      .map((badge) => ({ ...badge, ratio: contrastRatio(badge.ink, badge.color) }))
      .filter((badge) => badge.ratio < AA_TEXT)
      .map((badge) => `${badge.icon}: ${badge.ink} on ${badge.color} = ${badge.ratio.toFixed(2)}:1`);
    expect(poor).to.deep.equal([]);
  });

  it('an asset without a brand mark gets a colour its label reads on, whatever its slug', () => {
    const [asset] = SEED_ASSETS;
    const poor = Array.from({ length: 400 }, (_, index) => assetBadge({ ...asset, icon: `unknown-${index}` }))
      .map((badge) => ({ ...badge, ratio: contrastRatio(badge.ink, badge.color) }))
      .filter((badge) => badge.ratio < AA_TEXT)
      .map((badge) => `${badge.ink} on ${badge.color} = ${badge.ratio.toFixed(2)}:1`);
    expect(poor).to.deep.equal([]);
  });

  it('paints the label in the chosen ink', () => {
    const btc = SEED_ASSETS.find((asset) => asset.code === 'BTC')!;
    const { container } = render(<AssetIcon asset={btc} />);
    const mark = container.querySelector<HTMLElement>('.asset-icon')!;
    expect(mark.style.getPropertyValue('--asset-color')).to.equal('#f7931a');
    expect(mark.style.getPropertyValue('--asset-ink')).to.equal(assetBadge(btc).ink);
    expect(mark.textContent).to.equal('BTC');
  });
});
