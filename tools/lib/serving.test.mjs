// @ts-check
// PUBLIC_URL alone makes the platform reachable from the local network: the remotes' URLs follow it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { servingPlan } from './serving.mjs';
import { backendEnv } from '../platform.mjs';

const catalog = [
  { key: 'marketing', name: 'mf_marketing' },
  { key: 'auth', name: 'mf_auth' },
  { key: 'datasets', name: 'mf_datasets' },
];
const remotePorts = { marketing: 3001, auth: 3002, datasets: 3004 };
/** @param {NodeJS.ProcessEnv} env */
const plan = (env) => servingPlan({ env, catalog, gatewayPort: 3000, remotePorts });

describe('servingPlan', () => {
  it('serves this machine only by default: localhost URLs, loopback servers', () => {
    const p = plan({});
    assert.equal(p.siteUrl, 'http://localhost:3000');
    assert.deepEqual(p.remoteEntries, {
      marketing: 'http://localhost:3001/mf-manifest.json',
      auth: 'http://localhost:3002/mf-manifest.json',
      datasets: 'http://localhost:3004/mf-manifest.json',
    });
    assert.equal(p.remoteHost, 'localhost');
    assert.equal(p.gatewayHost, undefined);
  });

  it('HOST=0.0.0.0 alone moves the gateway but leaves the remotes on localhost URLs', () => {
    const p = plan({ HOST: '0.0.0.0' });
    assert.equal(p.gatewayHost, '0.0.0.0');
    assert.equal(p.remoteEntries.auth, 'http://localhost:3002/mf-manifest.json');
    assert.equal(p.remoteHost, 'localhost');
  });

  it('PUBLIC_URL derives every remote URL from its host, and opens the gateway and the remotes to the network', () => {
    const p = plan({ PUBLIC_URL: 'http://192.168.1.10:3000/' });
    assert.equal(p.siteUrl, 'http://192.168.1.10:3000');
    assert.deepEqual(p.remoteEntries, {
      marketing: 'http://192.168.1.10:3001/mf-manifest.json',
      auth: 'http://192.168.1.10:3002/mf-manifest.json',
      datasets: 'http://192.168.1.10:3004/mf-manifest.json',
    });
    assert.equal(p.gatewayHost, '0.0.0.0');
    assert.equal(p.remoteHost, '0.0.0.0');
    assert.deepEqual(p.localRemotes, ['marketing', 'auth', 'datasets']);
  });

  it('keeps a REMOTE_<KEY>_URL that is given (and does not serve that remote), and HOST over the default', () => {
    const p = plan({
      PUBLIC_URL: 'https://speech.example.lan',
      REMOTE_AUTH_URL: 'https://cdn.example.org/auth/mf-manifest.json',
      HOST: '192.168.1.10',
    });
    assert.equal(p.remoteEntries.auth, 'https://cdn.example.org/auth/mf-manifest.json');
    assert.equal(p.remoteEntries.datasets, 'https://speech.example.lan:3004/mf-manifest.json');
    assert.deepEqual(p.localRemotes, ['marketing', 'datasets']);
    assert.equal(p.gatewayHost, '192.168.1.10');
  });

  it('says what is wrong with a PUBLIC_URL that is not an http(s) URL', () => {
    assert.throws(() => plan({ PUBLIC_URL: 'ftp://192.168.1.10' }), /PUBLIC_URL must be an http/);
    assert.throws(() => plan({ PUBLIC_URL: '192.168.1.10:3000' }), /PUBLIC_URL is not a URL/);
  });

  it('hands the gateway PUBLIC_URL (its origin guard and mails) and the derived remote URLs (/remotes.json)', () => {
    const env = { PUBLIC_URL: 'http://192.168.1.10:3000', HOST: '0.0.0.0', PORT: '3000' };
    const p = plan(env);
    const common = backendEnv({
      env,
      dataDir: '/tmp/data',
      mongoUri: 'mongodb://127.0.0.1:27027',
      ports: { text: 4001, speech: 4002 },
      remoteEntries: p.remoteEntries,
    });
    assert.equal(common.PUBLIC_URL, 'http://192.168.1.10:3000');
    assert.equal(common.REMOTE_AUTH_URL, 'http://192.168.1.10:3002/mf-manifest.json');
    assert.equal(common.REMOTE_DATASETS_URL, 'http://192.168.1.10:3004/mf-manifest.json');
    // Only the gateway gets HOST and PORT (from the plan); the services stay on loopback.
    assert.equal(common.HOST, undefined);
    assert.equal(common.PORT, undefined);
  });
});
