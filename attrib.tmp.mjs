import { readFileSync, readdirSync } from 'node:fs';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
const dir = '/tmp/dist-map/assets/';
const file = readdirSync(dir).find((f) => f.startsWith('index-') && f.endsWith('.js'));
const code = readFileSync(dir + file, 'utf8');
const map = new TraceMap(readFileSync(dir + file + '.map', 'utf8'));
const lines = code.split('\n');
const lineStart = []; let acc = 0; for (const l of lines) { lineStart.push(acc); acc += l.length + 1; }
const points = [];
eachMapping(map, (m) => points.push([lineStart[m.generatedLine - 1] + m.generatedColumn, m.source]));
points.sort((a, b) => a[0] - b[0]);
const bytes = {};
for (let i = 0; i < points.length; i++) { const end = i + 1 < points.length ? points[i + 1][0] : code.length; const src = (points[i][1] || '?').replace(/.*node_modules\//, 'nm/').replace(/^.*\/main\//, ''); bytes[src] = (bytes[src] || 0) + end - points[i][0]; }
const rows = Object.entries(bytes).sort((a, b) => b[1] - a[1]);
const filter = process.argv[2];
for (const [s, b] of rows) if (!filter || s.includes(filter)) console.log(b, s);
