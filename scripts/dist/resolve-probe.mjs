// Copied next to the packed main's files and run there (under Node 24, as Electron 45's main): resolves each
// specifier as that code would, with the import or the require condition, and prints where it lands.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const wanted = JSON.parse(process.argv[2]);
const out = wanted.map(({ spec, kind }) => {
  try {
    const found = kind === 'import' ? fileURLToPath(import.meta.resolve(spec)) : require.resolve(spec);
    return { spec, kind, found };
  } catch (e) {
    return { spec, kind, error: String(e && e.message ? e.message : e).split('\n')[0] };
  }
});
process.stdout.write(JSON.stringify(out));
