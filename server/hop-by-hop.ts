/** Headers that describe one connection, not the message (RFC 9110 §7.6.1): a proxy never passes them on. */
export const hopByHopHeaders = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

/** The hop-by-hop names of one message: the fixed ones and those its Connection header lists. */
export function hopByHopNames(connection: string | undefined): Set<string> {
  const listed = connection ? connection.split(',').map((name) => name.trim().toLowerCase()) : [];
  return new Set([...hopByHopHeaders, ...listed]);
}
