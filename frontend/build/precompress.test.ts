import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { precompressDir } from './precompress';

describe('precompressing a build', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'exchanger-build-'));
  });

  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('writes br and gzip siblings beside each compressible file that decompress to it exactly', async () => {
    await mkdir(path.join(dir, 'assets'));
    const files = {
      'index.html': `<!doctype html>${'<p>hello</p>'.repeat(200)}`,
      'assets/app.js': Array.from({ length: 300 }, (_, index) => `console.log(${index});`).join('\n'),
      'assets/app.css': '.a{color:red}\n'.repeat(200),
      'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(100)}</svg>`,
    };
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    const result = await precompressDir(dir);
    expect(result.files).to.equal(4);
    for (const [name, text] of Object.entries(files)) {
      const original = Buffer.from(text);
      const br = await readFile(path.join(dir, `${name}.br`));
      const gz = await readFile(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br).equals(original), name).to.equal(true);
      expect(gunzipSync(gz).equals(original), name).to.equal(true);
      expect(br.length, name).to.be.below(original.length);
    }
    expect(result.coded.br).to.be.below(result.bytes);
  });

  it('leaves compressed formats and files too small to gain without siblings', async () => {
    await writeFile(path.join(dir, 'photo.png'), Buffer.alloc(2048, 1));
    await writeFile(path.join(dir, 'font.woff2'), Buffer.alloc(2048, 2));
    await writeFile(path.join(dir, 'robots.txt'), 'a');
    await precompressDir(dir);
    expect((await readdir(dir)).sort()).to.deep.equal(['font.woff2', 'photo.png', 'robots.txt']);
  });
});
