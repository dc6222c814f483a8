/**
 * Draws the link-preview images (Open Graph, 1200×630): frontend/public/og-image.png in Russian and
 * og-image-en.png in English — the brand's mark and name, the home page's title as the tagline and
 * the service's points, all from the locales (common.brand, seo.routes.home.title, seo.ogImage.points).
 * Run once after changing those texts (`node scripts/og-image.mjs`) and commit the PNGs: the build
 * copies them as they are, so it needs no fonts. backend/seo/head.ts names them (OG_IMAGES).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OG_IMAGE_FILES = { ru: 'og-image.png', en: 'og-image-en.png' };
const WIDTH = 1200;
const HEIGHT = 630;

const escape = (text) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]);
const locale = (lang, namespace) => JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${namespace}.json`), 'utf8'));

/** Splits `text` into lines of at most `max` characters at spaces. */
function wrap(text, max) {
  const lines = [];
  for (const word of text.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

function svg(lang) {
  const brand = locale(lang, 'common').brand;
  const seo = locale(lang, 'seo');
  const tagline = wrap(seo.routes.home.title, 20);
  const points = seo.ogImage.points;
  const font = "font-family=\"DejaVu Sans, Inter, Arial, sans-serif\"";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="brand" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#22d3a6"/>
      <stop offset="1" stop-color="#4c7dff"/>
    </linearGradient>
    <radialGradient id="glowA" cx="0.12" cy="0.05" r="0.7">
      <stop offset="0" stop-color="#22d3a6" stop-opacity="0.28"/>
      <stop offset="1" stop-color="#22d3a6" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="glowB" cx="0.95" cy="1" r="0.75">
      <stop offset="0" stop-color="#4c7dff" stop-opacity="0.35"/>
      <stop offset="1" stop-color="#4c7dff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#080d1a"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glowA)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glowB)"/>
  <g transform="translate(940 190) scale(3.6)" opacity="0.9">
    <rect width="64" height="64" rx="16" fill="#17223d"/>
    <path d="M18 26h24l-7-7M46 38H22l7 7" fill="none" stroke="url(#brand)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  </g>
  <g transform="translate(80 78)">
    <g transform="scale(1.25)">
      <rect width="64" height="64" rx="16" fill="#17223d"/>
      <path d="M18 26h24l-7-7M46 38H22l7 7" fill="none" stroke="url(#brand)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
    </g>
    <text x="104" y="58" ${font} font-size="56" font-weight="bold" fill="#e9eefb">${escape(brand)}</text>
  </g>
  <text ${font} font-size="60" font-weight="bold" fill="#e9eefb">
    ${tagline.map((line, index) => `<tspan x="80" y="${300 + index * 78}">${escape(line)}</tspan>`).join('\n    ')}
  </text>
  <rect x="80" y="${330 + tagline.length * 78 - 30}" width="160" height="8" rx="4" fill="url(#brand)"/>
  <text x="80" y="${HEIGHT - 70}" ${font} font-size="32" fill="#97a3c2">${escape(points)}</text>
</svg>`;
}

export async function drawOgImage(lang) {
  return sharp(Buffer.from(svg(lang))).removeAlpha().png({ compressionLevel: 9, palette: false }).toBuffer();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  for (const [lang, file] of Object.entries(OG_IMAGE_FILES)) {
    const target = path.join(ROOT, 'frontend', 'public', file);
    await sharp(await drawOgImage(lang)).toFile(target);
    console.log(`${target}: ${lang}`);
  }
}
