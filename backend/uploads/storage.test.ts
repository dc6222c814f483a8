import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { expect } from 'chai';
import { NotFoundError } from '../platform/errors';
import { isImageKey, newImageKey, openStoredImage, removeStoredImage, writeStoredImage } from './storage';
import { rejection, uploadSandbox, type UploadSandbox } from './testing';

describe('uploads/storage', () => {
  let box: UploadSandbox;
  beforeEach(async () => {
    box = await uploadSandbox();
  });
  afterEach(() => box.cleanup());

  it('makes random keys of the kind and type', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newImageKey('receipt', 'image/webp')));
    expect(keys.size).to.equal(50);
    for (const key of keys) expect(key).to.match(/^receipt\/[0-9a-f]{32}\.webp$/);
    expect(newImageKey('card', 'image/jpeg')).to.match(/^card\/[0-9a-f]{32}\.jpg$/);
  });

  it('writes, opens with type and size, and removes a stored file (twice is fine)', async () => {
    const key = newImageKey('card', 'image/png');
    await writeStoredImage(box.uploadDir, key, Buffer.from('stored bytes'));
    expect(await readFile(path.join(box.uploadDir, key), 'utf8')).to.equal('stored bytes');
    const opened = await openStoredImage(box.uploadDir, key);
    expect(opened).to.include({ mime: 'image/png', bytes: 12 });
    expect(await text(opened.stream as NodeJS.ReadableStream & AsyncIterable<Buffer>)).to.equal('stored bytes');
    await removeStoredImage(box.uploadDir, key);
    await removeStoredImage(box.uploadDir, key);
    expect(await rejection(openStoredImage(box.uploadDir, key))).to.be.instanceOf(NotFoundError);
  });

  it('never overwrites a stored file', async () => {
    const key = newImageKey('receipt', 'image/jpeg');
    await writeStoredImage(box.uploadDir, key, Buffer.from('first'));
    expect(await rejection(writeStoredImage(box.uploadDir, key, Buffer.from('second')))).to.have.property('code', 'EEXIST');
    expect(await readFile(path.join(box.uploadDir, key), 'utf8')).to.equal('first');
  });

  const tricks = [
    '../secret.jpg',
    'card/../../etc/passwd',
    '/etc/passwd',
    'card/0123456789abcdef0123456789abcdef.jpg/..',
    'card\\0123456789abcdef0123456789abcdef.jpg',
    'other/0123456789abcdef0123456789abcdef.jpg',
    'card/0123456789abcdef0123456789abcdef.svg',
    'card/0123456789ABCDEF0123456789ABCDEF.jpg',
    'card/0123456789abcdef0123456789abcdef.jpg\0.png',
    'card/%2e%2e.jpg',
    '',
  ];
  it('answers 404 to keys with path tricks, before touching the disk', async () => {
    await writeFile(path.join(box.uploadDir, '..', 'secret.jpg'), 'outside').catch(() => undefined);
    for (const key of tricks) {
      expect(isImageKey(key), key).to.equal(false);
      expect(await rejection(openStoredImage(box.uploadDir, key)), key).to.be.instanceOf(NotFoundError);
      expect(await rejection(removeStoredImage(box.uploadDir, key)), key).to.be.instanceOf(NotFoundError);
    }
  });

  it('does not follow a symbolic link planted under a valid key', async () => {
    const outside = path.join(box.uploadDir, '..', 'outside.txt');
    await writeFile(outside, 'not an upload');
    await mkdir(path.join(box.uploadDir, 'card'), { recursive: true });
    const key = 'card/0123456789abcdef0123456789abcdef.jpg';
    await symlink(outside, path.join(box.uploadDir, key));
    expect(await rejection(openStoredImage(box.uploadDir, key))).to.be.instanceOf(NotFoundError);
  });
});
