/**
 * A minimal AMQP 0-9-1 client for the tests (no npm client needed): the connection handshake with PLAIN
 * credentials up to `Connection.Open` of a virtual host, then a clean close. It tells a refused login (no `Tune`)
 * from a refused virtual host (`Connection.Close` 530 instead of `Open-Ok`) — what a permission decides.
 */
import net from 'node:net';

export type AmqpOutcome = 'open' | 'login_refused' | 'vhost_refused';

const shortstr = (s: string) => Buffer.concat([Buffer.from([Buffer.byteLength(s)]), Buffer.from(s)]);
const longstr = (s: string | Buffer) => {
  const b = Buffer.isBuffer(s) ? s : Buffer.from(s);
  const n = Buffer.alloc(4);
  n.writeUInt32BE(b.length);
  return Buffer.concat([n, b]);
};
const u16 = (v: number) => Buffer.from([v >> 8, v & 255]);
const u32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v);
  return b;
};
function method(classId: number, methodId: number, args: Buffer): Buffer {
  const payload = Buffer.concat([u16(classId), u16(methodId), args]);
  return Buffer.concat([Buffer.from([1, 0, 0]), u32(payload.length), payload, Buffer.from([0xce])]);
}

/** Opens a connection to `vhost` as `user` and closes it again; how far it got. */
export function amqpConnect(o: { port: number; user: string; password: string; vhost: string; timeoutMs?: number }): Promise<AmqpOutcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: o.port });
    let buffer = Buffer.alloc(0);
    let stage: 'start' | 'tune' | 'open' | 'closing' = 'start';
    let outcome: AmqpOutcome | undefined;
    const finish = (value: AmqpOutcome) => {
      outcome ??= value;
      socket.destroy();
      resolve(outcome);
    };
    socket.setTimeout(o.timeoutMs ?? 10_000, () => (socket.destroy(), reject(new Error(`AMQP: no answer at ${stage}`))));
    socket.on('error', (e) => (stage === 'start' ? reject(e) : finish(stage === 'tune' ? 'login_refused' : 'vhost_refused')));
    socket.on('close', () => finish(stage === 'tune' ? 'login_refused' : stage === 'closing' ? 'open' : 'vhost_refused'));
    socket.on('connect', () => socket.write(Buffer.from('AMQP\x00\x00\x09\x01', 'latin1')));
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 8) {
        const size = buffer.readUInt32BE(3);
        if (buffer.length < size + 8) return;
        const type = buffer[0];
        const payload = buffer.subarray(7, 7 + size);
        buffer = buffer.subarray(size + 8);
        if (type !== 1) continue;
        const id = `${payload.readUInt16BE(0)}.${payload.readUInt16BE(2)}`;
        if (id === '10.10') {
          stage = 'tune';
          socket.write(method(10, 11, Buffer.concat([u32(0), shortstr('PLAIN'), longstr(Buffer.from(`\0${o.user}\0${o.password}`)), shortstr('en_US')])));
        } else if (id === '10.30') {
          const channelMax = payload.readUInt16BE(4);
          const frameMax = payload.readUInt32BE(6);
          stage = 'open';
          socket.write(method(10, 31, Buffer.concat([u16(channelMax), u32(frameMax), u16(0)])));
          socket.write(method(10, 40, Buffer.concat([shortstr(o.vhost), shortstr(''), Buffer.from([0])])));
        } else if (id === '10.41') {
          stage = 'closing';
          outcome = 'open';
          socket.write(method(10, 50, Buffer.concat([u16(200), shortstr(''), u16(0), u16(0)])));
        } else if (id === '10.50') {
          socket.write(method(10, 51, Buffer.alloc(0)));
          finish(stage === 'tune' ? 'login_refused' : 'vhost_refused');
        } else if (id === '10.51') finish('open');
      }
    });
  });
}
