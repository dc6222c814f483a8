import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import exifReader from 'exif-reader';
import sharp, { type Metadata } from 'sharp';
import { MAX_UPLOAD_BYTES } from '../../common/orders';
import { FileTooLargeError, ImageTooLargeError, NotAnImageError } from './errors';
import { MAX_STORED_SIDE, storeImage } from './store';
import { GPS_EXIF, HTML, jpegWithGps, PDF, picture, pngBomb, rejection, SVG, uploadSandbox, type UploadSandbox } from './testing';
import type { StoredImage } from './types';

describe('uploads/storeImage', () => {
  let box: UploadSandbox;
  beforeEach(async () => {
    box = await uploadSandbox();
  });
  afterEach(() => box.cleanup());

  async function stored(image: StoredImage): Promise<{ bytes: Buffer; meta: Metadata }> {
    const bytes = await readFile(path.join(box.uploadDir, image.key));
    return { bytes, meta: await sharp(bytes).metadata() };
  }

  async function storedFiles(): Promise<string[]> {
    return readdir(box.uploadDir, { recursive: true }).catch(() => []);
  }

  it('re-encodes a JPEG without its EXIF (GPS gone) and turned upright', async () => {
    const original = await jpegWithGps(96, 64);
    const exif = exifReader((await sharp(original).metadata()).exif!);
    expect(exif.GPSInfo?.GPSLatitude).to.deep.equal([55, 45, 0]);
    expect(original.includes(GPS_EXIF.IFD0.ImageDescription)).to.equal(true);

    const image = await storeImage(box.uploadDir, await box.received('photo.jpg', original), 'card');

    expect(image.key).to.match(/^card\/[0-9a-f]{32}\.jpg$/);
    expect(image).to.include({ mime: 'image/jpeg', width: 64, height: 96 });
    const { bytes, meta } = await stored(image);
    expect(meta).to.include({ format: 'jpeg', width: 64, height: 96 });
    expect(meta.exif).to.equal(undefined);
    expect(meta.orientation).to.equal(undefined);
    expect(bytes.includes(GPS_EXIF.IFD0.ImageDescription)).to.equal(false);
    expect(bytes.includes('TestPhone')).to.equal(false);
    expect(image.bytes).to.equal(bytes.length);
  });

  it('keeps PNG as PNG and turns WebP into JPEG, without their metadata', async () => {
    const png = await picture(40, 30).png().withExif(GPS_EXIF).toBuffer();
    const webp = await picture(50, 20).webp().withExif(GPS_EXIF).toBuffer();
    expect((await sharp(webp).metadata()).exif).to.not.equal(undefined);

    const a = await storeImage(box.uploadDir, await box.received('a', png), 'receipt');
    const b = await storeImage(box.uploadDir, await box.received('b', webp), 'receipt');

    expect(a).to.include({ mime: 'image/png', width: 40, height: 30 });
    expect(a.key).to.match(/^receipt\/[0-9a-f]{32}\.png$/);
    expect(b).to.include({ mime: 'image/jpeg', width: 50, height: 20 });
    expect(b.key).to.match(/^receipt\/[0-9a-f]{32}\.jpg$/);
    for (const image of [a, b]) {
      const { bytes, meta } = await stored(image);
      expect(meta.format).to.equal(image.mime === 'image/png' ? 'png' : 'jpeg');
      expect(meta.exif).to.equal(undefined);
      expect(bytes.includes('home-address-marker')).to.equal(false);
    }
  });

  it('flattens a transparent WebP on white', async () => {
    const clear = await sharp({ create: { width: 8, height: 8, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .webp({ lossless: true })
      .toBuffer();
    const image = await storeImage(box.uploadDir, await box.received('clear.webp', clear), 'card');
    const { data, info } = await sharp(path.join(box.uploadDir, image.key)).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).to.equal(3);
    expect(Math.min(...data)).to.be.above(245);
  });

  it('reports the SHA-256 and size of the stored bytes, under a new random name each time', async () => {
    const file = await box.received('same.png', await picture(20, 20).png().toBuffer());
    const first = await storeImage(box.uploadDir, file, 'card');
    const second = await storeImage(box.uploadDir, file, 'card');
    expect(first.key).to.not.equal(second.key);
    const { createHash } = await import('node:crypto');
    const { bytes } = await stored(first);
    expect(first.sha256).to.equal(createHash('sha256').update(bytes).digest('hex'));
    expect(first.bytes).to.equal(bytes.length);
  });

  it('drops anything appended to an image (JPEG + HTML polyglot)', async () => {
    const jpeg = await picture(30, 30).jpeg().toBuffer();
    const polyglot = Buffer.concat([jpeg, Buffer.from(HTML)]);
    const image = await storeImage(box.uploadDir, await box.received('x.jpg', polyglot), 'receipt');
    const { bytes } = await stored(image);
    expect(bytes.includes('<script>')).to.equal(false);
  });

  const refused: Array<[string, () => Promise<Buffer>]> = [
    ['a text file named .jpg', async () => Buffer.from('just some text, not a photo\n')],
    ['an SVG', async () => Buffer.from(SVG)],
    ['an HTML page', async () => Buffer.from(HTML)],
    ['a PDF', async () => Buffer.from(PDF)],
    ['a GIF named .jpg', () => picture(20, 20).gif().toBuffer()],
    ['a TIFF', () => picture(20, 20).tiff().toBuffer()],
    ['zero bytes', async () => Buffer.alloc(0)],
    ['a truncated JPEG', async () => (await picture(200, 150).jpeg().toBuffer()).subarray(0, 1500)],
    ['a truncated PNG', async () => {
      const png = await picture(200, 150).png().toBuffer();
      return png.subarray(0, Math.floor(png.length / 2));
    }],
    ['a JPEG header followed by HTML', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(HTML)])],
  ];
  for (const [name, make] of refused) {
    it(`refuses ${name} with NotAnImageError (415) and stores nothing`, async () => {
      const error = await rejection(storeImage(box.uploadDir, await box.received('upload.jpg', await make()), 'card'));
      expect(error).to.be.instanceOf(NotAnImageError);
      expect(error).to.include({ status: 415, code: 'not_an_image' });
      expect(await storedFiles()).to.deep.equal([]);
    });
  }

  it('builds bombs that are real PNGs (a small one decodes to black pixels)', async () => {
    const { data, info } = await sharp(pngBomb(300), { failOn: 'warning' }).raw().toBuffer({ resolveWithObject: true });
    expect(info).to.include({ width: 300, height: 300 });
    expect(data.every((byte) => byte === 0)).to.equal(true);
  });

  it('refuses a 20000×20000 PNG bomb from its header, without decoding it', async function () {
    this.timeout(30_000);
    const bomb = pngBomb(20_000);
    expect(bomb.length).to.be.below(1024 * 1024);
    const file = await box.received('bomb.png', bomb);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const error = await rejection(storeImage(box.uploadDir, file, 'receipt'));
    const elapsed = performance.now() - started;
    expect(error).to.be.instanceOf(ImageTooLargeError);
    expect(error).to.include({ status: 422, code: 'image_too_large' });
    // Decoding would take 400 MB and seconds; the header check takes neither.
    expect(elapsed).to.be.below(1000);
    expect(process.memoryUsage().rss - rssBefore).to.be.below(100 * 1024 * 1024);
    expect(await storedFiles()).to.deep.equal([]);
  });

  it('refuses an image 12000×100 (a side over the limit, few pixels)', async () => {
    const wide = await sharp({ create: { width: 12_000, height: 100, channels: 3, background: '#fff' } }).png().toBuffer();
    const error = await rejection(storeImage(box.uploadDir, await box.received('wide.png', wide), 'card'));
    expect(error).to.be.instanceOf(ImageTooLargeError);
  });

  it('refuses an image of more pixels than the limit with both sides within it (7000×7000)', async function () {
    this.timeout(20_000);
    const error = await rejection(storeImage(box.uploadDir, await box.received('big.png', pngBomb(7_000)), 'card'));
    expect(error).to.be.instanceOf(ImageTooLargeError);
  });

  it('accepts an image exactly at the side limit and stores it scaled down to fit MAX_STORED_SIDE', async function () {
    this.timeout(20_000);
    const tall = await sharp({ create: { width: 100, height: 10_000, channels: 3, background: '#fff' } }).png().toBuffer();
    const image = await storeImage(box.uploadDir, await box.received('tall.png', tall), 'card');
    expect(image).to.include({ height: MAX_STORED_SIDE, width: Math.round((100 * MAX_STORED_SIDE) / 10_000) });
    const { meta } = await stored(image);
    expect(meta).to.include({ width: image.width, height: image.height });
  });

  it('refuses a file over the byte limit even if it got past the middleware', async () => {
    const big = Buffer.concat([await picture(10, 10).jpeg().toBuffer(), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const error = await rejection(storeImage(box.uploadDir, await box.received('big.jpg', big), 'card'));
    expect(error).to.be.instanceOf(FileTooLargeError);
  });
});
