/** Headers that describe one connection, not the message (RFC 9110 §7.6.1): a proxy never passes them on. */
export const hopByHopHeaders = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade'];

const fixedNames: ReadonlySet<string> = new Set(hopByHopHeaders);

/** The hop-by-hop names of one message: the fixed ones and those its Connection header lists. */
export function hopByHopNames(connection: string | undefined): ReadonlySet<string> {
  if (!connection) return fixedNames;
  return new Set([...hopByHopHeaders, ...connection.split(',').map((name) => name.trim().toLowerCase())]);
}
