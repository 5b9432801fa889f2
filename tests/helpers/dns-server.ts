import dns2 from 'dns2';

/**
 * A real DNS server on a local UDP port (the `dns2` package), for the custom
 * domains' TXT checks: the site's resolver is pointed at it with DNS_SERVERS.
 * A name it holds answers its TXT records; any other is NXDOMAIN; a name set to
 * fail answers SERVFAIL, as a broken server would.
 */
export interface DnsServer {
  /** `127.0.0.1:{port}`, as DNS_SERVERS takes it. */
  address: string;
  setTxt(name: string, values: string[]): void;
  remove(name: string): void;
  fail(name: string): void;
  close(): Promise<void>;
}

/** DNS answer codes (RFC 1035 §4.1.1), which dns2's types leave out. */
const SERVFAIL = 2;
const NXDOMAIN = 3;

export async function startDnsServer(): Promise<DnsServer> {
  const { Packet } = dns2;
  const records = new Map<string, string[] | 'fail'>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const held = question && records.get(question.name.toLowerCase());
      if (held === 'fail') response.header.rcode = SERVFAIL;
      else if (!held) response.header.rcode = NXDOMAIN;
      else if (question.type === Packet.TYPE.TXT) {
        for (const value of held)
          (response.answers as unknown[]).push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: value });
      }
      send(response);
    },
  });
  await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const { port } = server.addresses().udp!;
  return {
    address: `127.0.0.1:${port}`,
    setTxt: (name, values) => records.set(name.toLowerCase(), values),
    remove: (name) => records.delete(name.toLowerCase()),
    fail: (name) => records.set(name.toLowerCase(), 'fail'),
    close: () => server.close().then(() => undefined),
  };
}
