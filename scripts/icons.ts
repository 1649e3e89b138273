/**
 * Generates every packaging icon from the one source image build/icon.svg:
 * build/icon.png (1024), build/icons/<size>x<size>.png (Linux), build/icon.ico, build/icon.icns.
 * Run with `npm run icons`.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import png2icons from 'png2icons';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const build = join(root, 'build');
export const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512, 1024] as const;

const render = (svg: Buffer, size: number) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer();

async function main(): Promise<void> {
  const svg = readFileSync(join(build, 'icon.svg'));
  const master = await render(svg, 1024);
  writeFileSync(join(build, 'icon.png'), master);
  mkdirSync(join(build, 'icons'), { recursive: true });
  for (const size of LINUX_SIZES) writeFileSync(join(build, 'icons', `${size}x${size}.png`), await render(svg, size));
  const ico = png2icons.createICO(master, png2icons.BICUBIC, 0, false, true);
  const icns = png2icons.createICNS(master, png2icons.BICUBIC, 0);
  if (!ico || !icns) throw new Error('png2icons could not convert build/icon.png');
  writeFileSync(join(build, 'icon.ico'), ico);
  writeFileSync(join(build, 'icon.icns'), icns);
  console.log(`icons written to ${build}`);
}

await main();
