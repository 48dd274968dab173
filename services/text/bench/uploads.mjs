// @ts-check
// Dataset uploads benchmark. Not a test: it measures and prints.
//
//   node services/text/bench/uploads.mjs
//   BENCH_UPLOAD_MB=20 node services/text/bench/uploads.mjs   # a quicker run
//
// Starts the embedded MongoDB and the built text service, then:
// 1. uploads a CSV and a JSON array of BENCH_UPLOAD_MB (default 95, just under the 100 MB limit) to
//    POST /api/uploads, timing upload to answer (streamed into GridFS, hashed and inspected on the way) and
//    sampling the service's resident memory (VmRSS) all along: memory must stay flat, far below the file;
// 2. uploads a CSV of DATASET_UPLOAD_IMPORT_MAX_ROWS (5,000) sentences and times POST /api/uploads/:id/import.
import { build, createBench, log, mb, rssKb } from '../../../tools/bench/harness.mjs';

const MB = Number(process.env.BENCH_UPLOAD_MB ?? 95);
const bench = createBench('text-uploads-bench-');
/**
 * @param {string} method
 * @param {string} path
 */
const signed = (method, path) => bench.signed('text', { id: 'uploader', method, url: path });

// Distinct words from the Yoruba alphabet, so every imported sentence has its own duplicate key.
const YO = 'abdefghijklmnoprstuwy';
/** @param {number} i */
function word(i) {
  let s = '';
  let n = i;
  do {
    s = YO[n % YO.length] + s;
    n = Math.floor(n / YO.length);
  } while (n > 0);
  return s.padStart(5, 'a');
}

/** @param {number} bytes */
function bigCsv(bytes) {
  const row = 'Ọmọ náà ń kàwé ní ilé ìkàwé.,yo,Ìwé mi,general\n';
  const header = 'text,language,citation,domain\n';
  return Buffer.from(header + row.repeat(Math.floor((bytes - header.length) / Buffer.byteLength(row))));
}

/** @param {number} bytes */
function bigJson(bytes) {
  const item = JSON.stringify({
    english: 'Good morning, my friend.',
    yoruba: 'Ẹ káàárọ̀, ọ̀rẹ́ mi.',
    category: 'cultural',
  });
  const count = Math.floor(bytes / (Buffer.byteLength(item) + 1));
  return Buffer.from(`[${Array.from({ length: count }, () => item).join(',')}]`);
}

/** @param {number} rows */
function sentencesCsv(rows) {
  const lines = ['text,language,citation,domain'];
  for (let i = 0; i < rows; i++) lines.push(`Bàbá ${word(i)} ń kọrin pẹ̀lú ayọ̀ ní ọjà.,yo,Ìwé mi,general`);
  return Buffer.from(`${lines.join('\n')}\n`);
}

/**
 * @param {string} url
 * @param {number | undefined} pid
 * @param {string} name
 * @param {string} type
 * @param {Buffer<ArrayBuffer>} data
 */
async function upload(url, pid, name, type, data) {
  const form = new FormData();
  form.append('type', type);
  form.append('description', `Benchmark ${name}`);
  form.append('file', new Blob([data]), name);
  const before = rssKb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const t = performance.now();
  const res = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    body: form,
    headers: signed('POST', '/api/uploads'),
  });
  const body = await res.json();
  const seconds = (performance.now() - t) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssKb(pid));
  if (res.status !== 201)
    throw new Error(`upload ${name}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  const size = data.length / 1024 / 1024;
  log(
    `| ${name} | ${size.toFixed(1)} MB | ${seconds.toFixed(2)} s | ${(size / seconds).toFixed(1)} MB/s | ` +
      `${mb(before)} → peak ${mb(peak)} (+${mb(peak - before)}) |`,
  );
  return body;
}

bench.run(
  async () => {
    build(['libs/contracts', 'libs/service-kit', 'libs/embedded-mongo', 'services/text']);
    const mongo = await bench.startMongo();
    const text = await bench.startService('text', { portVar: 'TEXT_PORT', uri: mongo.uri, readyMs: 120_000 });
    const pid = text.child.pid;
    log(`\nDataset uploads (text service, embedded MongoDB), files of ${MB} MB\n`);
    log('| file | size | upload to answer | throughput | service memory (VmRSS) |');
    log('| --- | --- | --- | --- | --- |');
    await upload(text.url, pid, 'big.csv', 'csv', bigCsv(MB * 1024 * 1024));
    await upload(text.url, pid, 'big.json', 'json', bigJson(MB * 1024 * 1024));
    const rows = 5000;
    const small = await upload(text.url, pid, 'sentences.csv', 'csv', sentencesCsv(rows));
    const path = `/api/uploads/${small.id}/import`;
    const t = performance.now();
    const res = await fetch(`${text.url}${path}`, { method: 'POST', headers: signed('POST', path) });
    const body = await res.json();
    const seconds = (performance.now() - t) / 1000;
    if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    log(
      `\nImport of ${rows} sentences into the review queue: ${seconds.toFixed(2)} s, ${body.import.accepted} accepted, quality ${body.quality}`,
    );
  },
  { exitAfter: true },
);
