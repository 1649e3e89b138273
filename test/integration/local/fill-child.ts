/**
 * A process that fills one area of a copy and is killed mid-way by the crash test:
 * tsx fill-child.ts BASE_URL API_KEY FILE COPY_KEY AREA. Prints "page N" per page.
 */
import { openCopy } from '../../../electron/core/local/files';
import { LocalStore } from '../../../electron/core/local/store';
import { AreaSync } from '../../../electron/core/local/sync';
import { clientSource } from './source';

const [baseUrl, apiKey, path, key, area] = process.argv.slice(2) as [string, string, string, string, string];
const log = { info: () => {}, warn: () => {}, error: () => {} };
const { db } = openCopy({ path, key, log });
const sync = new AreaSync(new LocalStore(db), clientSource(baseUrl, apiKey));
await sync.fill(area, new AbortController().signal, (p) => process.stdout.write(`page ${p.pages}\n`));
process.stdout.write('done\n');
