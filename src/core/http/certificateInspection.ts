// After the service's certificate was refused, what that certificate says: to whom and by whom it was issued, for
// which names, until when. Node's verification error names only the reason, so a second connection on the same route
// (the same proxy, tunnel and no-proxy rule) reads the certificate and closes before sending anything.
import type { PeerCertificate } from 'node:tls';
import { createDispatcher, loadUndici, type Timeouts } from './connector';
import type { NetworkOptions } from './networkOptions';

/** The certificate `origin` presents on this network, or undefined when it cannot be read in time (or `signal` fires). */
export async function inspectCertificate(
  origin: string,
  timeouts: Timeouts,
  network: NetworkOptions,
  signal?: AbortSignal,
): Promise<PeerCertificate | undefined> {
  let peer: PeerCertificate | undefined;
  const [{ request }, dispatcher] = await Promise.all([
    loadUndici(),
    createDispatcher(timeouts, network, (socket) => {
      peer = socket.getPeerCertificate();
    }),
  ]);
  try {
    // Every connection of this dispatcher fails once the certificate is read, so the request never leaves.
    const limit = AbortSignal.timeout(timeouts.connectMs);
    const response = await request(origin, { method: 'HEAD', dispatcher, signal: signal === undefined ? limit : AbortSignal.any([signal, limit]) });
    await response.body.dump();
  } catch {
    // Expected: the connection was closed on purpose (or could not be made; then nothing is known).
  } finally {
    await dispatcher.destroy();
  }
  return peer;
}
