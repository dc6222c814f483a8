import { expect } from 'chai';
import { contrastRatio, hslToHex } from './colors';

describe('colour math', () => {
  it('gives the WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).to.equal(21);
    expect(contrastRatio('#ffffff', '#ffffff')).to.equal(1);
    // The figures axe-core reported for the old subtle text and the BTC mark.
    expect(contrastRatio('#6b7797', '#111a30')).to.be.closeTo(3.87, 0.01);
    expect(contrastRatio('#ffffff', '#f7931a')).to.be.closeTo(2.3, 0.01);
  });

  it('converts hsl to hex', () => {
    expect(hslToHex(0, 100, 50)).to.equal('#ff0000');
    expect(hslToHex(120, 100, 25)).to.equal('#008000');
    expect(hslToHex(240, 100, 50)).to.equal('#0000ff');
    expect(hslToHex(0, 0, 100)).to.equal('#ffffff');
  });
});
