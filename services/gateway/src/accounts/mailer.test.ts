import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { decodeQuotedPrintable } from '../../test/outbox';
import { createMailer, outboxFileName } from './mailer';
import { verificationLink, verificationMail } from './verification';

/** Just enough SMTP (RFC 5321, no TLS, no auth) to receive one message and hand over what arrived. */
function startSmtpSink() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else {
          socket.write(verb === 'EHLO' || verb === 'HELO' ? '250 sink\r\n' : '250 ok\r\n');
        }
      }
    });
  });
  return new Promise<{ port: number; received: typeof received; close(): Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        received,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

const user = { email: 'ada@example.org', firstname: 'Ada', lastname: 'Obi' };
const link = verificationLink('http://localhost:3000/', 'A'.repeat(43));

describe('mail', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gateway-mail-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('builds the link from the public URL', () => {
    expect(link).toBe(`http://localhost:3000/auth/verify?token=${'A'.repeat(43)}`);
  });

  it('without SMTP, writes one RFC 822 file per message, named to sort by time', async () => {
    const mailer = createMailer({ outboxDir: join(dir, 'outbox'), from: 'no-reply@localhost' });
    expect(mailer.kind).toBe('outbox');
    const first = await mailer.send(verificationMail(user, link));
    const second = await mailer.send(verificationMail(user, link));
    const names = (await readdir(join(dir, 'outbox'))).sort();
    expect(names.map((n) => join(dir, 'outbox', n))).toEqual([first.file, second.file]);
    const raw = await readFile(first.file!, 'utf8');
    expect(raw).toMatch(/^From: no-reply@localhost\r$/m);
    expect(raw).toMatch(/^To: ada@example\.org\r$/m);
    expect(raw).toMatch(/^Message-ID: <.+>\r$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    const text = decodeQuotedPrintable(raw);
    expect(text).toContain(link);
    expect(text).toContain('This link expires in 24 hours');
    expect(text).toContain('Hello Ada Obi,');
  });

  it('names files <iso time>-<address>.eml, keeping odd characters out of the name', () => {
    expect(outboxFileName(new Date('2026-11-21T20:15:03.120Z'), 'ada@example.org')).toBe(
      '2026-11-21T20-15-03.120Z-ada@example.org.eml',
    );
    expect(outboxFileName(new Date(0), 'a/../b c@example.org')).toBe(
      '1970-01-01T00-00-00.000Z-a_.._b_c@example.org.eml',
    );
  });

  it('with SMTP_URL, sends the same message over SMTP', async () => {
    const sink = await startSmtpSink();
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`,
        outboxDir: join(dir, 'unused'),
        from: 'no-reply@example.org',
      });
      expect(mailer.kind).toBe('smtp');
      await mailer.send(verificationMail(user, link));
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.to).toEqual(['RCPT TO:<ada@example.org>']);
      expect(decodeQuotedPrintable(sink.received[0]!.data)).toContain(link);
      await expect(readdir(join(dir, 'unused'))).rejects.toThrow();
    } finally {
      await sink.close();
    }
  });
});
