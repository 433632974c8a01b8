// A webhook receiver on loopback for the webhook tests: it verifies every request's signature with the
// standardwebhooks package (as a receiver would), keeps what it got, and answers as the test says.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  timestamp: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The standardwebhooks package accepted its signature with the endpoint's secret. */
  verified: boolean;
}

/** What the receiver does with its nth request (1-based): answer a status, or never answer. */
export type Behaviour = (n: number) => number | "hang";

export interface Receiver {
  url: string;
  received: Received[];
  /** The endpoint's secret, once the test has it (before it the signatures are not checked). */
  secret: string | null;
  behave(behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startReceiver(behaviour: Behaviour = () => 200): Promise<Receiver> {
  let behave = behaviour;
  const hung: ServerResponse[] = [];
  const receiver: Receiver = {
    url: "",
    received: [],
    secret: null,
    behave: (next) => void (behave = next),
    close: () =>
      new Promise((done) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const payload = Buffer.concat(chunks).toString("utf8");
      const headers = {
        "webhook-id": String(req.headers["webhook-id"]),
        "webhook-timestamp": String(req.headers["webhook-timestamp"]),
        "webhook-signature": String(req.headers["webhook-signature"]),
      };
      let verified = false;
      try {
        if (receiver.secret) new Webhook(receiver.secret).verify(payload, headers);
        verified = receiver.secret !== null;
      } catch {
        verified = false;
      }
      receiver.received.push({ id: headers["webhook-id"], timestamp: headers["webhook-timestamp"], body: JSON.parse(payload), verified });
      const answer = behave(receiver.received.length);
      if (answer === "hang") {
        hung.push(res);
        return;
      }
      res.writeHead(answer, { "content-type": "text/plain" }).end(`answer ${receiver.received.length}: ${answer}`);
    });
  });
  // As the chain's RPC server does (server/chain/rpc-server.ts): at Node's default, 5 s, it could drop
  // an idle connection just as the server's fetch sent the next delivery on it.
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}
