// @ts-check
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyEnv, copyPlan, instanceCounts, MAX_INSTANCES } from './instances.mjs';

describe('instanceCounts', () => {
  it('is one of each by default', () => {
    assert.deepEqual(instanceCounts({}), { gateway: 1, text: 1, speech: 1 });
    assert.deepEqual(instanceCounts({ TEXT_INSTANCES: '' }), { gateway: 1, text: 1, speech: 1 });
  });

  it('reads GATEWAY_INSTANCES, TEXT_INSTANCES and SPEECH_INSTANCES', () => {
    assert.deepEqual(
      instanceCounts({ GATEWAY_INSTANCES: '2', TEXT_INSTANCES: '3', SPEECH_INSTANCES: ` ${MAX_INSTANCES} ` }),
      { gateway: 2, text: 3, speech: MAX_INSTANCES },
    );
  });

  it('refuses anything but a whole number from 1 to the bound, naming every bad variable', () => {
    for (const bad of ['0', '-1', '1.5', 'two', String(MAX_INSTANCES + 1), '1e1']) {
      assert.throws(
        () => instanceCounts({ SPEECH_INSTANCES: bad }),
        /SPEECH_INSTANCES=.*whole number from 1 to 16/,
      );
    }
    assert.throws(
      () => instanceCounts({ GATEWAY_INSTANCES: '0', TEXT_INSTANCES: 'x' }),
      (error) =>
        error instanceof Error && error.message.startsWith('GATEWAY_INSTANCES="0", TEXT_INSTANCES="x":'),
    );
  });
});

describe('copyPlan and copyEnv', () => {
  const ports = { gateway: 3000, text: 4001, speech: 4002 };

  it('keeps one of each exactly where it was, with the plain names', () => {
    const plan = copyPlan({ counts: { gateway: 1, text: 1, speech: 1 }, ports, spare: [] });
    assert.deepEqual(
      Object.values(plan)
        .flat()
        .map((c) => `${c.name} ${c.port}`),
      ['gateway 3000', 'text 4001', 'speech 4002'],
    );
    assert.deepEqual(copyEnv(plan, 'gateway', 0), {
      PORT: '3000',
      TEXT_URL: 'http://127.0.0.1:4001',
      SPEECH_URL: 'http://127.0.0.1:4002',
    });
    assert.deepEqual(copyEnv(plan, 'speech', 0), {
      TEXT_URL: 'http://127.0.0.1:4001',
      SPEECH_URL: 'http://127.0.0.1:4002',
      GATEWAY_URL: 'http://127.0.0.1:3000',
      TEXT_PORT: '4001',
      SPEECH_PORT: '4002',
    });
  });

  it('puts gateways on consecutive ports, further service copies on the spare ports, and spreads the links', () => {
    const plan = copyPlan({ counts: { gateway: 2, text: 2, speech: 3 }, ports, spare: [5001, 5002, 5003] });
    assert.deepEqual(
      Object.values(plan)
        .flat()
        .map((c) => `${c.name} ${c.port}`),
      [
        'gateway 3000',
        'gateway-2 3001',
        'text 4001',
        'text-2 5001',
        'speech 4002',
        'speech-2 5002',
        'speech-3 5003',
      ],
    );
    // Every gateway balances over every copy.
    assert.deepEqual(copyEnv(plan, 'gateway', 1), {
      PORT: '3001',
      TEXT_URL: 'http://127.0.0.1:4001,http://127.0.0.1:5001',
      SPEECH_URL: 'http://127.0.0.1:4002,http://127.0.0.1:5002,http://127.0.0.1:5003',
    });
    // The third speech copy listens on its own port and talks to the first text copy (wrapping round).
    assert.deepEqual(copyEnv(plan, 'speech', 2), {
      TEXT_URL: 'http://127.0.0.1:4001',
      SPEECH_URL: 'http://127.0.0.1:5003',
      GATEWAY_URL: 'http://127.0.0.1:3000',
      TEXT_PORT: '4001',
      SPEECH_PORT: '5003',
    });
    assert.equal(copyEnv(plan, 'text', 1).TEXT_PORT, '5001');
    assert.throws(() => copyPlan({ counts: { gateway: 1, text: 3, speech: 1 }, ports, spare: [5001] }));
  });
});
