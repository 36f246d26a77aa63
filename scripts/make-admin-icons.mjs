// Makes the admin app's icons (public/icons/admin-*.png) from the site icon's house: node scripts/make-admin-icons.mjs
import sharp from 'sharp';
const house = 'M16 6 5 14v2h2v10h7v-6h4v6h7V16h2v-2L16 6Z';
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1e3a5f"/><path d="${house}" fill="#f59e0b"/></svg>`;
// Maskable: full-bleed background, the house shrunk into the central safe zone (a circle of 80%).
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#1e3a5f"/><g transform="translate(16 16) scale(0.6) translate(-16 -16)"><path d="${house}" fill="#f59e0b"/></g></svg>`;
for (const [name, svg, size] of [
  ['admin-192', any, 192],
  ['admin-512', any, 512],
  ['admin-maskable-512', maskable, 512],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/${name}.png`);
}
