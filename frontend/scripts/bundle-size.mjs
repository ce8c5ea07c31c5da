// Prints the gzipped size of the JavaScript the first page load fetches (index.html's scripts
// and their static imports), and of every chunk. Run after `npm run build`.
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';

const dist = new URL('../dist/', import.meta.url).pathname;
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]));
const all = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
let initialTotal = 0;
for (const f of initial) initialTotal += gz(f);
for (const f of all) console.log(`${(gz(f) / 1024).toFixed(1).padStart(8)} kB  ${f}${initial.has(f) ? '  (initial)' : ''}`);
console.log(`initial JavaScript: ${(initialTotal / 1024).toFixed(1)} kB gzipped`);
