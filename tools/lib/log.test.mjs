// @ts-check
// What `npm start` prints: readable lines in a terminal, JSON lines anywhere else.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { consoleLog, logFormat } from './log.mjs';

/** @param {boolean} isTTY */
function capture(isTTY) {
  /** @type {string[]} */
  const out = [];
  return { isTTY, write: (/** @type {string} */ s) => out.push(...s.split('\n').filter(Boolean)), out };
}

/** @param {Record<string, unknown>} fields */
const serviceLine = (fields) =>
  JSON.stringify({ level: 30, time: 1_700_000_000_000, pid: 7, hostname: 'box', service: 'text', ...fields });
const request = serviceLine({
  reqId: 'req-1',
  req: { method: 'GET', url: '/api/x' },
  msg: 'incoming request',
});
const failed = serviceLine({ level: 30, reqId: 'req-2', res: { statusCode: 503 }, msg: 'request completed' });
const started = serviceLine({ msg: 'Server listening at http://127.0.0.1:4001' });

describe('logFormat', () => {
  it('is pretty in a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    assert.equal(logFormat({ stream: { isTTY: true }, env: {} }), 'pretty');
    assert.equal(logFormat({ stream: { isTTY: false }, env: {} }), 'json');
    assert.equal(logFormat({ stream: {}, env: {} }), 'json');
    assert.equal(logFormat({ stream: { isTTY: true }, env: { LOG_FORMAT: 'json' } }), 'json');
    assert.equal(logFormat({ stream: { isTTY: false }, env: { LOG_FORMAT: 'pretty' } }), 'pretty');
  });
});

describe('consoleLog', () => {
  it('writes one JSON object per line when the output is not a terminal', () => {
    const stream = capture(false);
    const log = consoleLog({ stream, env: {} });
    log('text', started);
    log('text', request);
    log('mf_auth', 'serving mf-auth/dist at http://localhost:3002');
    log('platform', '✖ text exited unexpectedly (signal SIGKILL); restarting in 1 s');
    assert.equal(stream.out.length, 4);
    const [a, b, c, d] = stream.out.map((line) => JSON.parse(line));
    assert.deepEqual(a, { process: 'text', ...JSON.parse(started) });
    assert.deepEqual(b, { process: 'text', ...JSON.parse(request) });
    assert.deepEqual(
      { process: c.process, msg: c.msg, level: c.level },
      { process: 'mf_auth', msg: 'serving mf-auth/dist at http://localhost:3002', level: 30 },
    );
    assert.equal(typeof c.time, 'number');
    assert.match(d.msg, /restarting in 1 s/);
    assert.ok(stream.out.every((line) => !line.includes('\x1b[')));
  });

  it("formats the services' JSON as readable, coloured lines in a terminal, behind the process name", () => {
    const stream = capture(true);
    const log = consoleLog({ stream, env: {} });
    log('text', started);
    log('mf_auth', 'serving mf-auth/dist');
    assert.equal(stream.out.length, 2);
    // eslint-disable-next-line no-control-regex -- a colour code starts with ESC
    const plain = stream.out.map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''));
    assert.match(
      plain[0] ?? '',
      /^text +\| \[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\/127\.0\.0\.1:4001$/,
    );
    assert.equal(plain[1], 'mf_auth       | serving mf-auth/dist');
    assert.ok(stream.out[0]?.includes('\x1b['), 'coloured');
    assert.doesNotMatch(plain[0] ?? '', /[{}]|hostname|"pid"/);
  });

  it('leaves colour out with NO_COLOR', () => {
    const stream = capture(true);
    consoleLog({ stream, env: { NO_COLOR: '1' } })('text', started);
    assert.equal(stream.out[0]?.includes('\x1b['), false);
  });

  it('keeps request lines for LOG_LEVEL=debug in a terminal, but shows a failed request anyway', () => {
    const quiet = capture(true);
    const log = consoleLog({ stream: quiet, env: {} });
    log('text', request);
    log('text', failed);
    assert.equal(quiet.out.length, 1);
    assert.match(quiet.out[0] ?? '', /request completed/);

    const chatty = capture(true);
    consoleLog({ stream: chatty, env: { LOG_LEVEL: 'debug' } })('text', request);
    assert.equal(chatty.out.length, 1);
    assert.match(chatty.out[0] ?? '', /incoming request/);
  });
});
