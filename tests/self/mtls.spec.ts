/**
 * Mutual TLS and a private CA: an HTTPS reference server that asks for a client certificate,
 * with every certificate made here, in this process, by a CA made here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { generate } from 'selfsigned';
import { buildReferenceServer } from '../../src/reference/server';
import { commandAsync, tempDir } from './command';
import { everyFile } from './every-file';
import { expect, test } from './fixtures';

const PASSPHRASE = 'mtls-passphrase-7f3a9c';

/** Certificates valid from an hour ago (clock skew aside) for two days: a test's lifetime. */
const validity = () => {
  const notBeforeDate = new Date(Date.now() - 3_600_000);
  return { notBeforeDate, notAfterDate: new Date(notBeforeDate.getTime() + 2 * 86_400_000) };
};

/**
 * A CA, a server certificate for 127.0.0.1 signed by it, and a client certificate whose key needs
 * PASSPHRASE: made in this process (selfsigned, over WebCrypto), so that the test needs no system tool.
 */
async function makeCertificates(dir: string): Promise<void> {
  const common = { keyType: 'ec', curve: 'P-256', algorithm: 'sha256', ...validity() } as const;
  const ca = await generate([{ name: 'commonName', value: 'Conformance Test CA' }], {
    ...common,
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true, critical: true },
    ],
  });
  const signer = { key: ca.private, cert: ca.cert };
  // Signed by a CA, a certificate named localhost also carries the SAN IP 127.0.0.1, and server and client use.
  const server = await generate([{ name: 'commonName', value: 'localhost' }], { ...common, ca: signer });
  const client = await generate([{ name: 'commonName', value: 'conformance-client' }], { ...common, ca: signer, passphrase: PASSPHRASE });
  const files = {
    'ca.pem': ca.cert,
    'server.pem': server.cert,
    'server-key.pem': server.private,
    'client.pem': client.cert,
    'client-key.pem': client.private,
  };
  // The passphrase must be needed: the client key is PKCS#8 encrypted.
  if (!client.private.startsWith('-----BEGIN ENCRYPTED PRIVATE KEY-----')) throw new Error('selfsigned wrote the client key unencrypted');
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

test(
  'a client certificate (CLIENT_CERT, CLIENT_KEY, CLIENT_KEY_PASSPHRASE) and a private CA (NODE_EXTRA_CA_CERTS) reach an mTLS service',
  { tag: '@full' },
  async ({ directory }) => {
    const dir = tempDir();
    await makeCertificates(dir);
    const read = (file: string) => readFileSync(join(dir, file));
    const server: FastifyInstance = buildReferenceServer({
      directory,
      tls: { key: read('server-key.pem'), cert: read('server.pem'), ca: [read('ca.pem')], requestCert: true, rejectUnauthorized: true },
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `https://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    const mtls = {
      CLIENT_CERT: join(dir, 'client.pem'),
      CLIENT_KEY: join(dir, 'client-key.pem'),
      CLIENT_KEY_PASSPHRASE: PASSPHRASE,
      NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
      MAX_RPS: '0',
    };
    // Node reads NODE_EXTRA_CA_CERTS when a process starts: every command here is a process of its own.
    const asProcess = (args: string[], options: Parameters<typeof commandAsync>[1]) => commandAsync(args, { ...options, ownProcess: true });
    try {
      const checked = await asProcess(['probes', 'check', '--base-url', baseUrl], { cwd: dir, env: mtls });
      expect(checked.stderr).not.toContain('transport:');
      expect(checked.code).toBe(0);

      // Without the client certificate the service refuses the handshake; without the CA, the harness refuses the service.
      const anonymous = await asProcess(['probes', 'check', '--base-url', baseUrl], {
        cwd: dir,
        env: { ...mtls, CLIENT_CERT: '', CLIENT_KEY: '', CLIENT_KEY_PASSPHRASE: '' },
      });
      expect(anonymous.code).toBe(3);
      expect(anonymous.stderr).toMatch(
        /preflight: the connection to https:\/\/127\.0\.0\.1:\d+ failed: .*: if the service asks for a client certificate, set CLIENT_CERT and CLIENT_KEY$/m,
      );
      const untrusted = await asProcess(['probes', 'check', '--base-url', baseUrl], {
        cwd: dir,
        env: { ...mtls, NODE_EXTRA_CA_CERTS: '' },
      });
      // A certificate Node does not trust is a setting to give, in one line, exit 2: the run and the survey alike.
      expect(untrusted.code).toBe(2);
      expect(untrusted.stderr).toMatch(
        /^directory-conformance: preflight: the certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted \(.+\): give Node the CA that signed it, NODE_EXTRA_CA_CERTS=/m,
      );
      for (const args of [
        ['run', '--report', 'untrusted'],
        ['survey', '--organizations', 'name=a', '--out', 'untrusted-survey'],
      ]) {
        const stopped = await asProcess([...args, '--base-url', baseUrl], { cwd: dir, env: { ...mtls, NODE_EXTRA_CA_CERTS: '' } });
        expect(stopped.code, args[0]).toBe(2);
        expect(`${stopped.stdout}${stopped.stderr}`.split('\n').filter((line) => line.includes('preflight'))).toEqual([
          expect.stringMatching(/is not trusted .*NODE_EXTRA_CA_CERTS=/),
        ]);
      }

      // The suite itself, through the same transport; the passphrase is written nowhere.
      const run = await asProcess(['run', '--base-url', baseUrl, '--grep', 'SB-NO-MATCH|ORG-COUNT', '--report', 'report'], {
        cwd: dir,
        env: mtls,
      });
      expect(run.code).toBe(0);
      const report = JSON.parse(readFileSync(join(dir, 'report', 'conformance.json'), 'utf8'));
      expect(report.requirements.find((r: { id: string }) => r.id === 'SB-NO-MATCH').status).toBe('pass');
      for (const text of [checked.stdout, checked.stderr, run.stdout, run.stderr, ...everyFile(join(dir, 'report'))])
        expect(text.includes(PASSPHRASE)).toBe(false);

      // A certificate without its key is a configuration error, named without the file's content.
      const halfway = await asProcess(['probes', 'check', '--base-url', baseUrl], { cwd: dir, env: { ...mtls, CLIENT_KEY: '' } });
      expect(halfway.code).toBe(2);
      expect(halfway.stderr).toContain('CLIENT_KEY must be set with CLIENT_CERT');
    } finally {
      await server.close();
    }
  },
);
