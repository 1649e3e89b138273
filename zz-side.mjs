import sharp from 'sharp';
const [a, b, out] = process.argv.slice(2);
const A = sharp(a); const B = sharp(b);
const [ma, mb] = await Promise.all([A.metadata(), B.metadata()]);
const w = ma.width + mb.width + 10, h = Math.max(ma.height, mb.height);
await sharp({ create: { width: w, height: h, channels: 3, background: '#ff00ff' } }).composite([{ input: a, left: 0, top: 0 }, { input: b, left: ma.width + 10, top: 0 }]).png().toFile(out);
