/* eslint-disable @typescript-eslint/no-require-imports -- run by plain Node 24 on the packed tree */
// Loads the packed libsql (its loader from the asar's tree, its engine from app.asar.unpacked) and opens an
// encrypted copy as the app does: AES-256 with a random 256-bit key, WAL; reads it back with the key and
// fails without it. Prints one JSON line.
const { randomBytes } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const [packedRoot, dir] = process.argv.slice(2);
const Database = require(join(packedRoot, 'node_modules', 'libsql'));
const file = join(dir, 'copy.db');
const key = randomBytes(32).toString('hex');
const row = { id: 'c1', name: 'מאפיית הרימון', total: '1234.50' };

const db = new Database(file, { encryptionKey: key });
db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;');
db.exec('CREATE TABLE customers (id TEXT PRIMARY KEY, name TEXT, total TEXT)');
db.prepare('INSERT INTO customers VALUES (?, ?, ?)').run(row.id, row.name, row.total);
db.close();

const again = new Database(file, { encryptionKey: key });
const read = again.prepare('SELECT id, name, total FROM customers').get();
again.close();

let withoutKey = 'opened';
try {
  const plain = new Database(file);
  plain.prepare('SELECT count(*) FROM customers').get();
  plain.close();
} catch (e) {
  withoutKey = `refused: ${String(e && e.message ? e.message : e).split('\n')[0]}`;
}
const header = readFileSync(file).subarray(0, 16).toString('latin1');
process.stdout.write(JSON.stringify({
  node: process.version,
  engine: require.resolve(join(packedRoot, 'node_modules', 'libsql')),
  // libsql adds its own _metadata to a row: compare the columns.
  readBack: !!read && Object.keys(row).every((k) => read[k] === row[k]),
  plainHeader: header.startsWith('SQLite format 3'),
  withoutKey,
}));
