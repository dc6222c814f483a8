import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import sharp from 'sharp';
import { LANGS } from '../../common/api';
import { OG_IMAGE_SIZE, OG_IMAGES, renderHead } from './head';

const PUBLIC_DIR = fileURLToPath(new URL('../../frontend/public', import.meta.url));

describe('the link-preview image (Open Graph)', () => {
  for (const lang of LANGS) {
    it(`is a ${OG_IMAGE_SIZE.width}×${OG_IMAGE_SIZE.height} PNG in the public folder for ${lang}`, async () => {
      const file = await readFile(`${PUBLIC_DIR}${OG_IMAGES[lang]}`);
      const info = await sharp(file).metadata();
      expect([info.format, info.width, info.height]).to.deep.equal(['png', OG_IMAGE_SIZE.width, OG_IMAGE_SIZE.height]);
      // Not a placeholder of a few flat bands (entropy 1.2): text and gradients are drawn on it (5.4).
      expect((await sharp(file).stats()).entropy, 'an image with content').to.be.above(3);
    });
  }

  it('is named in the head with its type and size, in the page language', () => {
    const head = renderHead({ meta: { title: 'Reserves', description: 'd' }, lang: 'en', publicUrl: 'https://x.test', path: '/reserves', brand: 'Exchanger' });
    expect(head).to.include('<meta property="og:image" content="https://x.test/og-image-en.png" />');
    expect(head).to.include('<meta property="og:image:type" content="image/png" />');
    expect(head).to.include(`<meta property="og:image:width" content="${OG_IMAGE_SIZE.width}" />`);
    expect(head).to.include(`<meta property="og:image:height" content="${OG_IMAGE_SIZE.height}" />`);
    expect(renderHead({ meta: { title: 'T', description: 'd' }, lang: 'ru', publicUrl: 'https://x.test', path: '/', brand: 'Exchanger' })).to.include('content="https://x.test/og-image.png"');
  });
});
